// A user's address changed by staff: the links mailed to the old one stop working, the sessions
// end, and an invitation not yet used follows the address; one's own address changes only in the
// profile, where the new one is confirmed.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema/index.ts';
import { login, signedInMember, signedInStaff, verify } from '../../../test/auth-helpers.ts';
import { createTestApp, VALID_PASSWORD, type TestContext } from '../../../test/test-app.ts';
import { callAs, editable, userRow, type Method } from '../../../test/users-admin-fixtures.ts';

let t: TestContext;
let admin: Awaited<ReturnType<typeof signedInStaff>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, 'ADMIN');
});
afterAll(() => t.close());

const call = (token: string, method: Method, url: string, payload?: unknown) => callAs(t, token, method, url, payload);
const row = (id: string) => userRow(t, id);
const mailsTo = async (to: string) => t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));

describe('a user’s address changed by staff', () => {
  it('a new address ends the user’s sessions, voids the links mailed to the old one and tells the old address', async () => {
    const m = await signedInMember(t);
    const oldAddress = m.email.toLowerCase();
    const pending = `pending.${Date.now().toString(36)}@example.com`;
    const asked = await call(m.token, 'POST', '/api/user/email', { email: pending, currentPassword: m.password });
    expect(asked.statusCode).toBe(200);
    const [confirmMail] = await mailsTo(pending);
    const confirmToken = decodeURIComponent(/confirm-email\?token=([A-Za-z0-9_%-]+)/.exec(confirmMail!.text)![1]!);

    const newAddress = `corrected.${Date.now().toString(36)}@example.com`;
    const res = await call(admin.token, 'PATCH', `/api/admin/users/${m.id}`, {
      ...editable(await row(m.id)),
      email: newAddress,
    });
    expect(res.statusCode).toBe(200);
    expect((await row(m.id)).email).toBe(newAddress);
    const ended = await verify(t, m.token);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().message).toBe('Your email address was changed. Please login again.');
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/user/email/confirm',
      payload: { token: confirmToken },
    });
    expect(confirm.statusCode).toBe(400);
    expect((await row(m.id)).email).toBe(newAddress);
    const told = (await mailsTo(oldAddress)).map((mail) => mail.text).join('\n');
    expect(told).toContain(newAddress);
    // The password is unchanged: the user signs in with the new address.
    expect(await login(t, newAddress, m.password)).toBeTruthy();
  });

  it('a user who has not chosen a password yet gets the invitation again at the corrected address; the first link is void', async () => {
    const typo = `alice.${Date.now().toString(36)}@exmaple.com`;
    const created = await call(admin.token, 'POST', '/api/admin/users', {
      email: typo,
      firstName: 'Alice',
      lastName: 'Staff',
      role: 'SUPPORT',
      language: 'de',
    });
    expect(created.statusCode).toBe(201);
    const { user } = created.json();
    const [first] = await mailsTo(typo);
    const firstToken = /token=([A-Za-z0-9_-]+)/.exec(first!.text)![1]!;

    const corrected = typo.replace('@exmaple.com', '@example.com');
    const res = await call(admin.token, 'PATCH', `/api/admin/users/${user.id}`, {
      ...editable(await row(user.id)),
      email: corrected,
    });
    expect(res.statusCode).toBe(200);
    const stranger = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset',
      payload: { token: firstToken, password: VALID_PASSWORD },
    });
    expect(stranger.statusCode).toBe(400);
    // Nothing more reaches the mistyped address: no notice naming the corrected one.
    expect(await mailsTo(typo)).toHaveLength(1);
    const [again] = await mailsTo(corrected);
    expect(again?.subject).toBe('Ihr Konto ist bereit: Wählen Sie Ihr Passwort');
    const token = /token=([A-Za-z0-9_-]+)/.exec(again!.text)![1]!;
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset',
      payload: { token, password: VALID_PASSWORD },
    });
    expect(set.statusCode).toBe(200);
    expect(await login(t, corrected, VALID_PASSWORD)).toBeTruthy();
  });

  it('refuses changing one’s own address here (the profile confirms a new one), naming email', async () => {
    const me = await row(admin.id);
    const res = await call(admin.token, 'PATCH', `/api/admin/users/${admin.id}`, {
      ...editable(me),
      email: `elsewhere.${Date.now().toString(36)}@example.com`,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toHaveProperty('email');
    expect((await row(admin.id)).email).toBe(me.email);
    expect((await verify(t, admin.token)).statusCode).toBe(200);
  });
});
