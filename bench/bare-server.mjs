// The baseline for bench/auth-throughput.mjs: one bare Fastify route, no plugins.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/bare', async () => ({ AccountId: '0', Email: 'bare@example.com', EmailValidated: true }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 8182) });
