// The reference: a bare Fastify route answering constant JSON, nothing else.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
