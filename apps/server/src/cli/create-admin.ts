import { parseArgs } from 'node:util';
import { emailSchema, passwordSchema, ROLES } from '@app/contracts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { createPasswordHasher } from '../lib/passwords.ts';
import { newToken } from '../lib/tokens.ts';
import { UsersService } from '../modules/users/index.ts';

/**
 * npm run create-admin -- --email boss@firm.com [--password …] [--first …] [--last …] [--role ADMIN|SUPPORT]
 * Creates staff on any database. Without --password, a strong one is generated and printed once.
 * On the embedded database, stop the server first: one data directory, one process.
 */
const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    first: { type: 'string', default: 'Platform' },
    last: { type: 'string', default: 'Admin' },
    role: { type: 'string', default: 'ADMIN' },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const email = emailSchema.safeParse(values.email ?? '');
if (!email.success) fail(`--email: ${email.error.issues[0]?.message}`);
const role = values.role as (typeof ROLES)[number];
if (role === 'USER' || !ROLES.includes(role)) fail('--role must be ADMIN or SUPPORT');
const password = values.password ?? `${newToken().slice(0, 16)}aA1!`;
const checked = passwordSchema.safeParse(password);
if (!checked.success) fail(`--password: ${checked.error.issues[0]?.message}`);

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
await migrate(database);
const hasher = await createPasswordHasher(1);
const created = await new UsersService(database.db).create({
  email: email.data.toLowerCase(),
  firstName: values.first!,
  lastName: values.last!,
  role,
  passwordHash: await hasher.hash(password),
});
await database.close();
await hasher.close();
if (!created) fail(`A user with email ${email.data} already exists`);
console.log(`Created ${role} ${created.email}${values.password ? '' : ` with password ${password}`}`);
