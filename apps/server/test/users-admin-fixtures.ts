// What the staff user-management tests share: calls with a bearer token, a user's stored row, and
// the fields the admin edit form sends back.
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/index.ts';
import { bearer } from './auth-helpers.ts';
import type { TestContext } from './test-app.ts';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export const callAs = (t: TestContext, token: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), payload: payload as object });

export const userRow = async (t: TestContext, id: string) =>
  (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

/** The fields `PATCH /api/admin/users/{id}` takes, as a user's row has them. */
export const editable = (u: { email: string; firstName: string; lastName: string; role: string; status: string }) => ({
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  role: u.role,
  status: u.status,
});
