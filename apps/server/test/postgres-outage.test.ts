import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually, rawRequest, startServer, testPort, type ServerProcess } from './server-process.ts';

// Server processes on a PostgreSQL cluster of their own, stopped and restarted under them: the
// suite's shared server (TEST_DATABASE_URL) cannot be restarted while other files use it. Runs on
// the PostgreSQL leg, where PostgreSQL's binaries are installed.
const script = fileURLToPath(new URL('../../../scripts/pg-test-server.sh', import.meta.url));
const binaries = existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').length > 0;
const runs = Boolean(process.env.TEST_DATABASE_URL) && binaries;
const reason = !process.env.TEST_DATABASE_URL
  ? 'PostgreSQL leg only (TEST_DATABASE_URL)'
  : 'needs PostgreSQL binaries in /usr/lib/postgresql';

// Made only where the suite runs: a skipped file must leave nothing behind in /tmp.
const dir = runs ? mkdtempSync(join(tmpdir(), 'fp-pg-outage-')) : '';
const port = String(testPort());
let running = false;
const cluster = (action: 'start' | 'stop') => {
  const out = execFileSync('bash', [script, action, dir, port], { encoding: 'utf8', timeout: 60_000 }).trim();
  running = action === 'start';
  return out;
};

let url = '';
const servers: ServerProcess[] = [];
beforeAll(async () => {
  if (!runs) return;
  url = cluster('start');
}, 90_000);
// A test that failed half-way leaves the cluster running for the next one.
afterEach(() => {
  if (runs && !running) cluster('start');
}, 60_000);
afterAll(async () => {
  for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  if (runs) cluster('stop');
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 60_000);

async function freshDatabase(): Promise<string> {
  const name = `outage_${Math.random().toString(36).slice(2, 10)}`;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function server(databaseUrl: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  // Staff here act with a password alone (two-factor enrolment is another test's subject).
  const s = await startServer({ DATABASE_URL: databaseUrl, DEMO_DATA: 'false', STAFF_MFA_REQUIRED: 'false', ...env });
  servers.push(s);
  return s;
}

let n = 0;
async function member(s: ServerProcess, databaseUrl: string, role: 'USER' | 'ADMIN' = 'USER') {
  const email = `outage${n++}.${Date.now()}@example.com`;
  const password = 'Outage123!';
  const reg = await rawRequest(`${s.url}/api/auth/register`, {
    body: { email, password, firstName: 'Olga', lastName: 'Outage', role: 'USER' },
  });
  expect(reg.status).toBe(200);
  if (role === 'ADMIN') {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    await c.query(`update users set role = 'ADMIN' where email = $1`, [email]);
    await c.end();
  }
  const res = await rawRequest(`${s.url}/api/auth/login`, { body: { email, password } });
  expect(res.status).toBe(200);
  const token = (JSON.parse(res.body) as { accessToken: string }).accessToken;
  const me = await rawRequest(`${s.url}/api/auth/verify-token`, { token });
  return { email, password, token, id: (JSON.parse(me.body) as { user: { id: string } }).user.id };
}

const verify = (s: ServerProcess, token: string) => rawRequest(`${s.url}/api/auth/verify-token`, { token });

describe.skipIf(!runs)(`PostgreSQL stopped and restarted under running servers (${reason})`, () => {
  it('PostgreSQL stopped: 503 SERVICE_UNAVAILABLE with Retry-After; started again: the same process answers 200', async () => {
    const db = await freshDatabase();
    const s = await server(db);
    const m = await member(s, db);
    expect((await verify(s, m.token)).status).toBe(200); // cached

    cluster('stop');
    const down = await rawRequest(`${s.url}/api/auth/login`, { body: { email: m.email, password: m.password } });
    expect(down.status).toBe(503);
    expect(JSON.parse(down.body)).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(down.headers['retry-after']).toMatch(/^\d+$/);
    // A cached session is not confirmed while revocations cannot be heard.
    expect(await eventually(async () => (await verify(s, m.token)).status === 503, 2_000)).toBe(true);
    const v = await verify(s, m.token);
    expect(v.status).toBe(503);
    expect(v.headers['retry-after']).toMatch(/^\d+$/);
    expect((await rawRequest(`${s.url}/readyz`)).status).toBe(503);

    cluster('start');
    expect(await eventually(async () => (await verify(s, m.token)).status === 200, 15_000, 200)).toBe(true);
    const again = await rawRequest(`${s.url}/api/auth/login`, { body: { email: m.email, password: m.password } });
    expect(again.status).toBe(200);
    expect(s.child.exitCode).toBeNull();
    expect(s.output()).not.toMatch(/"level":50.*unhandled error/);

    s.child.kill('SIGTERM');
    expect((await s.exited).code).toBe(0);
  }, 120_000);

  it('PostgreSQL restarted under two instances: a suspension through A is refused by B within 1 s', async () => {
    const db = await freshDatabase();
    const a = await server(db);
    const b = await server(db, { LOG_LEVEL: 'info' });
    const admin = await member(a, db, 'ADMIN');
    const m1 = await member(a, db);
    const m2 = await member(a, db);
    expect((await verify(b, m1.token)).status).toBe(200); // cached on B
    expect((await verify(b, m2.token)).status).toBe(200);

    cluster('stop');
    cluster('start');

    const suspend = async (id: string) => {
      let at = 0;
      const ok = await eventually(
        async () => {
          const res = await rawRequest(`${a.url}/api/admin/users/${id}/status`, {
            method: 'PATCH',
            body: { status: 'suspended' },
            token: admin.token,
          });
          at = Date.now();
          return res.status === 200;
        },
        15_000,
        200,
      );
      expect(ok).toBe(true);
      return at;
    };
    const refusedWithin = async (token: string) => {
      let last: number | string = 0;
      await eventually(
        async () => {
          last = (await verify(b, token)).status;
          return last === 403;
        },
        1_000,
        20,
      );
      return last;
    };

    // Right after the restart, B may not be listening yet: it must not trust its cache meanwhile.
    const t1 = await suspend(m1.id);
    expect(await refusedWithin(m1.token)).toBe(403);
    expect(Date.now() - t1).toBeLessThan(1_500);

    // Once B listens again, notifications reach it again (and the cache is in use again).
    expect(await eventually(async () => /listening again/.test(b.output()), 15_000, 100)).toBe(true);
    expect((await verify(b, m2.token)).status).toBe(200);
    const t2 = await suspend(m2.id);
    expect(await refusedWithin(m2.token)).toBe(403);
    expect(Date.now() - t2).toBeLessThan(1_500);
    expect(a.child.exitCode).toBeNull();
    expect(b.child.exitCode).toBeNull();

    a.child.kill('SIGTERM');
    b.child.kill('SIGTERM');
    expect((await a.exited).code).toBe(0);
    expect((await b.exited).code).toBe(0);
  }, 150_000);
});
