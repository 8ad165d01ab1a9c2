// The worker's entry when the server runs from its TypeScript sources (tests, `npm run dev`): Node 20
// ignores `--import tsx` in a worker's execArgv, so tsx is registered here before the tasks load.
// The built server loads worker.js directly (pool.ts).
import { register } from 'tsx/esm/api';

register();
const tasks = await import('./worker.ts');

export const { decodeBody, intake, evaluate, page } = tasks;
