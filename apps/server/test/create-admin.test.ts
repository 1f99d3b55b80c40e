import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { UsersService } from '../src/modules/users/index.ts';
import { migratedDataDir } from './server-process.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const dir = migratedDataDir('fp-admin-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const createAdmin = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/create-admin.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
  });

// The CLI is tested on the embedded database; it uses the same code on a server.
describe.runIf(!process.env.TEST_DATABASE_URL)('npm run create-admin', () => {
  it('creates staff with a generated password printed once', async () => {
    const r = createAdmin('--email', 'Boss@Firm.com', '--role', 'SUPPORT');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Created SUPPORT boss@firm\.com with password \S{16,}/);
    const database = await openDatabase({ dataDir: dir });
    const user = await new UsersService(database.db).findByEmail('boss@firm.com');
    await database.close();
    expect(user?.role).toBe('SUPPORT');
  }, 60_000);

  it('refuses a duplicate, a bad email, a weak password and the USER role, naming the problem', () => {
    expect(createAdmin('--email', 'boss@firm.com').stderr).toMatch(/already exists/);
    expect(createAdmin('--email', 'nope').stderr).toMatch(/--email: Wrong email format/);
    expect(createAdmin('--email', 'x@firm.com', '--password', 'weak').stderr).toMatch(
      /--password: Password is too short/,
    );
    expect(createAdmin('--email', 'x@firm.com', '--role', 'USER').status).toBe(2);
  }, 60_000);
});
