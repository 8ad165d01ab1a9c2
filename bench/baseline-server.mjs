/*
 * The baseline (docs/benchmarks.md, "Method"): a bare Fastify process answering a small JSON object,
 * run as plain `node` exactly as the server is, so every figure is a ratio to what this machine and
 * this load generator can do at all.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ status: 'ok', service: 'baseline', version: 1 }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
