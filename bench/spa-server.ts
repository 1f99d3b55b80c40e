// A reference page served by the app's own static-file code (plugins/spa.ts) and nothing else:
// the Lighthouse bench serves the bare Vite + React page with it, so both pages get the same
// compression and caching.
import Fastify from 'fastify';
import { registerSpa } from '../apps/server/src/plugins/spa.ts';

const app = Fastify({ logger: false });
await registerSpa(app, process.env.DIST_DIR!);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
