// npm run dev: the API server restarting on change (tsx watch) and Vite's dev server with hot reload.
// Vite proxies /api to the server; open the URL Vite prints.
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const procs = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: process.env.PORT ?? '3000' },
  }),
  spawn('npm', ['run', 'dev', '-w', '@app/web'], { cwd: root, stdio: 'inherit', env: process.env }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs)
  p.on('exit', (code) => {
    stop();
    process.exit(code ?? 0);
  });
