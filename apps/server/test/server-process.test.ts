import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { migratedDataDir, postJson, startServer } from './server-process.ts';

// These tests start the real server on the embedded database; the PostgreSQL leg skips them.
const embeddedOnly = !process.env.TEST_DATABASE_URL;
const dirs: string[] = [];
const tempDir = () => {
  const d = migratedDataDir('fp-data-');
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe.runIf(embeddedOnly)('the server process', () => {
  it('seeds the demo logins on first start and keeps data across restarts', async () => {
    const dir = tempDir();
    const first = await startServer({ DATA_DIR: dir });
    const login = await postJson(`${first.url}/api/auth/login`, {
      email: 'member@example.com',
      password: 'Member123!',
      userGeolocation: null,
    });
    expect(login.status).toBe(200);
    for (const [email, password] of [
      ['admin@example.com', 'Admin123!'],
      ['support@example.com', 'Support123!'],
    ]) {
      expect((await postJson(`${first.url}/api/auth/login`, { email, password })).status).toBe(200);
    }
    first.child.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);
    const second = await startServer({ DATA_DIR: dir });
    expect(
      (await postJson(`${second.url}/api/auth/login`, { email: 'member@example.com', password: 'Member123!' })).status,
    ).toBe(200);
    second.child.kill('SIGTERM');
    await second.exited;
  }, 120_000);

  it('loses no acknowledged write when killed with SIGKILL', async () => {
    const dir = tempDir();
    const server = await startServer({ DATA_DIR: dir, DEMO_DATA: 'false' });
    const emails: string[] = [];
    for (let i = 0; i < 5; i++) {
      const email = `durable${i}@example.com`;
      const res = await postJson(`${server.url}/api/auth/register`, {
        email,
        password: 'Secret123!',
        firstName: 'Dora',
        lastName: 'Bull',
        role: 'USER',
      });
      expect(res.status).toBe(200);
      emails.push(email);
    }
    server.child.kill('SIGKILL'); // right after the last acknowledgement
    expect((await server.exited).signal).toBe('SIGKILL');
    const again = await startServer({ DATA_DIR: dir, DEMO_DATA: 'false' });
    for (const email of emails) {
      expect((await postJson(`${again.url}/api/auth/login`, { email, password: 'Secret123!' })).status, email).toBe(
        200,
      );
    }
    again.child.kill('SIGTERM');
    await again.exited;
  }, 120_000);

  it('finishes in-flight requests on SIGTERM, then exits 0', async () => {
    const server = await startServer({ DATA_DIR: tempDir() });
    const inflight = Array.from({ length: 8 }, () =>
      postJson(`${server.url}/api/auth/login`, { email: 'member@example.com', password: 'Member123!' })
        .then((r) => r.status)
        .catch(() => -1),
    );
    await new Promise((r) => setTimeout(r, 30));
    server.child.kill('SIGTERM');
    const statuses = await Promise.all(inflight);
    // Requests the server had accepted complete; nothing is cut off mid-way.
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    expect((await server.exited).code).toBe(0);
  }, 120_000);

  it('refuses to start on a bad setting, naming it', async () => {
    await expect(startServer({ DATA_DIR: tempDir(), TRADING_DAY_TZ: 'Nowhere/Land' })).rejects.toThrow(
      /TRADING_DAY_TZ/,
    );
  }, 60_000);
});
