import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.ts';
import type { Database } from './client.ts';
import { migrate } from './migrate.ts';
import { loginEvents, sessions, users } from './schema/index.ts';
import { writeTogether } from './write-together.ts';

// Both legs (PGlite, and PostgreSQL with TEST_DATABASE_URL): the statement each driver sends.
describe('writeTogether', () => {
  let database: Database;
  let userId: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    await migrate(database);
    const [user] = await database.db
      .insert(users)
      .values({ email: 'together@example.com', firstName: 'T', lastName: 'G', role: 'USER', passwordHash: 'x' })
      .returning({ id: users.id });
    userId = user!.id;
  });
  afterAll(() => database.close());

  const session = (tokenHash: string, owner = userId) =>
    database.db.insert(sessions).values({
      userId: owner,
      tokenHash,
      expiresAt: new Date(Date.now() + 3_600_000),
      geolocation: { city: "O'Brien" },
    });
  const event = (email: string, owner: string | undefined = userId) =>
    database.db.insert(loginEvents).values({ userId: owner, email, outcome: 'success', userAgent: 'UA "quoted"' });

  it('writes every row, with their parameters, in one statement', async () => {
    await writeTogether(database.db, [session('hash-a'), event('a@example.com')]);
    const [s] = await database.db.select().from(sessions).where(eq(sessions.tokenHash, 'hash-a'));
    expect(s).toMatchObject({ userId, geolocation: { city: "O'Brien" } });
    const [e] = await database.db.select().from(loginEvents).where(eq(loginEvents.email, 'a@example.com'));
    expect(e).toMatchObject({ userId, outcome: 'success', userAgent: 'UA "quoted"' });
  });

  it('writes none of them when one fails', async () => {
    const unknownUser = '00000000-0000-4000-8000-000000000000';
    await expect(
      writeTogether(database.db, [session('hash-b'), event('b@example.com', unknownUser)]),
    ).rejects.toThrow();
    expect(await database.db.select().from(sessions).where(eq(sessions.tokenHash, 'hash-b'))).toEqual([]);
    expect(await database.db.select().from(loginEvents).where(eq(loginEvents.email, 'b@example.com'))).toEqual([]);
  });
});
