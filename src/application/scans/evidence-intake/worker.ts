import { workerData } from 'node:worker_threads';
import { type BodySchemas, decodeBody, evaluate, intake, page, useBodySchemas } from './tasks.js';

/**
 * The module each evidence intake worker thread loads (pool.ts): the routes' schemas arrive once as
 * workerData, then the pool calls the tasks by name.
 */
useBodySchemas((workerData as { schemas: BodySchemas }).schemas);

export { decodeBody, evaluate, intake, page };
