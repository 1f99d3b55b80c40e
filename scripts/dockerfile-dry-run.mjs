// Runs the Dockerfile's steps without Docker, so that a change to it is checked where no Docker
// engine runs: each stage in its own directory, COPY honouring .dockerignore, every `npm` RUN
// executed (other RUNs only touch the image's own file system, and are listed as skipped), then
// the image's CMD started with its ENV and checked: /readyz answers 200, the web app is served,
// the HEALTHCHECK command passes, SIGTERM ends it with exit code 0, and `npm run create-admin` makes
// a staff login (against DATABASE_URL too: give it a throwaway database).
// The base image itself is not checked: this machine's Node stands in for it.
//   node scripts/dockerfile-dry-run.mjs            (embedded database, demo data)
//   DATABASE_URL=postgres://… SELLER_NAME=… SELLER_ADDRESS=… SELLER_COUNTRY=… BANK_IBAN=… node scripts/dockerfile-dry-run.mjs
// Settings the server reads (.env.example's names) are passed to the image as `docker run -e` would.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';

const context = new URL('..', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'dockerfile-dry-run-'));

/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
function instructions(text) {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const [, op, rest] = l.match(/^(\S+)\s+(.*)$/);
      return { op: op.toUpperCase(), rest };
    });
}

/** .dockerignore's patterns as one test on a context-relative path (or any of its parents). */
function ignoredBy(text) {
  const res = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((p) => {
      const body = p
        .replace(/^\/+/, '')
        .replace(/[.+^${}()|[\]]/g, '\\$&')
        .replace(/\*\*\//g, '§')
        .replace(/\*/g, '[^/]*')
        .replace(/\?/g, '[^/]')
        .replace(/§/g, '(?:.*/)?');
      return new RegExp(`^${body}$`);
    });
  return (path) => {
    const parts = path.split('/');
    return parts.some((_, i) => res.some((re) => re.test(parts.slice(0, i + 1).join('/'))));
  };
}

const ignored = ignoredBy(
  existsSync(join(context, '.dockerignore')) ? readFileSync(join(context, '.dockerignore'), 'utf8') : '',
);
const stages = [];
let stage;
let healthcheck;

for (const { op, rest } of instructions(readFileSync(join(context, 'Dockerfile'), 'utf8'))) {
  if (op === 'FROM') {
    const name = rest.match(/\s+AS\s+(\S+)/i)?.[1] ?? String(stages.length);
    stage = { name, root: join(work, `stage-${stages.length}`), cwd: '/', env: {}, cmd: undefined };
    mkdirSync(stage.root, { recursive: true });
    stages.push(stage);
  } else if (op === 'WORKDIR') {
    stage.cwd = rest.startsWith('/') ? rest : join(stage.cwd, rest);
    mkdirSync(join(stage.root, stage.cwd), { recursive: true });
  } else if (op === 'ENV') {
    for (const [, k, v] of rest.matchAll(/(\w+)=(\S+)/g)) stage.env[k] = v;
  } else if (op === 'COPY') {
    const words = rest.split(/\s+/);
    const from = words[0].startsWith('--from=') ? words.shift().slice(7) : undefined;
    const dest = words.pop();
    const target = join(stage.root, dest.startsWith('/') ? dest : join(stage.cwd, dest));
    for (const src of words) {
      const origin = from ? stages.find((s) => s.name === from) : undefined;
      const source = origin ? join(origin.root, src) : join(context, src);
      const into =
        dest.endsWith('/') || words.length > 1 ? join(target, src === '.' ? '' : src.split('/').pop()) : target;
      mkdirSync(dirname(into), { recursive: true });
      const filter = (p) => origin !== undefined || p === context || !ignored(relative(context, p));
      cpSync(source, src === '.' ? target : into, { recursive: true, filter });
    }
  } else if (op === 'RUN') {
    if (!/^npm\s/.test(rest)) {
      console.log(`skipped (image file system only): RUN ${rest}`);
      continue;
    }
    // `npm cache clean` only makes the image smaller; here it would empty this machine's cache.
    const command = rest
      .split('&&')
      .map((part) => part.trim())
      .filter((part) => !part.startsWith('npm cache '))
      .join(' && ');
    console.log(`[${stage.name}] RUN ${command}`);
    // The stage's environment only: this shell's NODE_ENV must not leak into the build.
    const { NODE_ENV: _, ...host } = process.env;
    execFileSync('sh', ['-c', command], {
      cwd: join(stage.root, stage.cwd),
      stdio: 'inherit',
      env: { ...host, ...stage.env },
    });
  } else if (op === 'CMD') {
    stage.cmd = JSON.parse(rest);
  } else if (op === 'HEALTHCHECK') {
    healthcheck = JSON.parse(rest.slice(rest.indexOf('CMD') + 3).trim());
  }
}

const image = stages.at(-1);
const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = probe.address();
    probe.close(() => resolve(p));
  });
});
// As `docker run -p … -e …`: the image's own settings, then the server's settings (those
// .env.example lists) given to this script, then an address and data directory on this machine.
const settings = new Set(
  [...readFileSync(join(context, '.env.example'), 'utf8').matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]),
);
const given = Object.entries(process.env).filter(([k]) => settings.has(k));
const env = {
  PATH: process.env.PATH,
  ...image.env,
  LOG_LEVEL: 'warn',
  ...Object.fromEntries(given),
  HOST: '127.0.0.1',
  PORT: String(port),
  DATA_DIR: join(work, 'data'),
};
const appDir = join(image.root, image.cwd);
console.log(`CMD ${image.cmd.join(' ')} (port ${port})`);
const server = spawn(image.cmd[0], image.cmd.slice(1), { cwd: appDir, env, stdio: 'inherit' });
const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve({ code, signal })));
const base = `http://127.0.0.1:${port}`;
const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

try {
  let ready = false;
  let gone = false;
  void exited.then(() => (gone = true));
  for (const deadline = Date.now() + 180_000; Date.now() < deadline && !ready && !gone;) {
    ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (!ready) await new Promise((r) => setTimeout(r, 500));
  }
  check(ready, '/readyz answers 200 (database reachable and migrated)');
  const page = await fetch(`${base}/`).then(async (r) => ({ status: r.status, html: await r.text() }));
  check(
    page.status === 200 && page.html.includes('id="root"') && page.html.includes('/assets/'),
    'the web app is served at /',
  );
  const config = await fetch(`${base}/api/config`);
  check(config.ok, '/api/config answers 200');
  if (healthcheck) {
    let healthy = true;
    try {
      execFileSync(healthcheck[0], healthcheck.slice(1), { cwd: appDir, env, stdio: 'inherit' });
    } catch {
      healthy = false;
    }
    check(healthy, 'the HEALTHCHECK command passes');
  }
} finally {
  server.kill('SIGTERM');
  const end = await Promise.race([exited, new Promise((r) => setTimeout(() => r({ code: 'timeout' }), 30_000))]);
  check(end.code === 0, `SIGTERM ends the server with exit code 0 (got ${end.code ?? end.signal})`);
  if (end.code === 'timeout') server.kill('SIGKILL');
  // The first staff login, as docs/OPERATIONS.md tells (the embedded database once the server is down).
  let created = true;
  try {
    const email = `dry-run-${Date.now()}@example.com`;
    execFileSync('npm', ['run', '-s', 'create-admin', '--', '--email', email], { cwd: appDir, env, stdio: 'inherit' });
  } catch {
    created = false;
  }
  check(created, 'npm run create-admin makes a staff login');
  if (process.env.KEEP !== '1') rmSync(work, { recursive: true, force: true });
  else console.log(`kept ${work}`);
}
console.log(failures.length === 0 ? 'dockerfile dry run: passed' : `dockerfile dry run: ${failures.length} failed`);
process.exit(failures.length === 0 ? 0 : 1);
