/**
 * bench:api's floor: bare Fastify with one JSON route, GET /bare, answering what the gateway's
 * GET /healthz answers. Started by api.bench.ts, pinned to one CPU.
 */
import Fastify from 'fastify';
import type { ServerMessage } from './api-bench-shared.js';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ status: 'ok' }));
const url = await app.listen({ host: '127.0.0.1', port: 0 });
process.on('message', (message: { type: string }) => {
  if (message.type === 'stop') void app.close().then(() => process.exit(0));
});
process.once('disconnect', () => process.exit(1));
process.send!({ type: 'ready', url } satisfies ServerMessage);
