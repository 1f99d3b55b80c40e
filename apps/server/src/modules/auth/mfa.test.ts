import { generate } from 'otplib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mfaRecoveryCodes, users } from '../../db/schema/index.ts';
import { FakeClock } from '../../lib/clock.ts';
import { bearer, loginRequest, signedInMember, signedInStaff, verify } from '../../../test/auth-helpers.ts';
import { createTestApp, VALID_PASSWORD, type TestContext } from '../../../test/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ clock: new FakeClock('2026-04-01T09:00:10Z') });
});
afterAll(() => t.close());

const post = (url: string, token: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload ?? {} });
/** The code an authenticator app shows at the fake clock's time (plus `offsetMs`). */
const codeAt = (secret: string, offsetMs = 0) =>
  generate({ secret, epoch: Math.floor((t.clock.now().getTime() + offsetMs) / 1000) });

/** A member with two-factor on: their secret and recovery codes. */
async function enrolled() {
  const m = await signedInMember(t);
  const setup = await post('/api/user/mfa/setup', m.token);
  expect(setup.statusCode).toBe(200);
  const { secret, qrSvg, otpauthUrl } = setup.json();
  expect(qrSvg).toContain('<svg');
  expect(otpauthUrl).toContain(`secret=${secret}`);
  const confirm = await post('/api/user/mfa/confirm', m.token, { code: await codeAt(secret) });
  expect(confirm.statusCode).toBe(200);
  const recoveryCodes: string[] = confirm.json().recoveryCodes;
  // The next code is another step's: the confirming one cannot sign in again.
  t.clock.advance(30_000);
  return { ...m, secret, recoveryCodes };
}

const mfaLogin = (mfaToken: string, code: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login/mfa', payload: { mfaToken, code } });

describe('two-factor enrolment', () => {
  it('confirms with a code, stores the 10 recovery codes hashed only, and answers 409 when on already', async () => {
    const m = await enrolled();
    expect(m.recoveryCodes).toHaveLength(10);
    expect(new Set(m.recoveryCodes).size).toBe(10);
    const stored = await t.database.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, m.id));
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(m.recoveryCodes[0]!.replace('-', ''));
    expect((await post('/api/user/mfa/setup', m.token)).statusCode).toBe(409);
    const profile = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(m.token) });
    expect(profile.json().profile.mfaEnabled).toBe(true);
  });

  it('turning it on ends every other session (they proved the password alone) and keeps this one', async () => {
    const m = await signedInMember(t);
    const other = (await loginRequest(t, m.email, m.password)).json().accessToken as string;
    const { secret } = (await post('/api/user/mfa/setup', m.token)).json();
    expect((await post('/api/user/mfa/confirm', m.token, { code: await codeAt(secret) })).statusCode).toBe(200);
    const ended = await verify(t, other);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().message).toBe('This session was signed out from another device.');
    expect((await verify(t, m.token)).statusCode).toBe(200);
    t.clock.advance(30_000);
  });

  it('refuses a wrong or expired code at confirmation and changes nothing', async () => {
    const m = await signedInMember(t);
    const { secret } = (await post('/api/user/mfa/setup', m.token)).json();
    const stale = await codeAt(secret, -5 * 60_000);
    const res = await post('/api/user/mfa/confirm', m.token, { code: stale });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_MFA_CODE');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, m.id));
    expect(row!.mfaEnabledAt).toBeNull();
    expect(row!.mfaSecret).toBeNull();
  });

  it('confirming before set-up is a 409', async () => {
    const m = await signedInMember(t);
    const res = await post('/api/user/mfa/confirm', m.token, { code: '123456' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('MFA_STATE');
  });
});

describe('login with two-factor on', () => {
  it('answers 200 {mfaRequired, mfaToken} without accessToken, then the code returns the token', async () => {
    const m = await enrolled();
    const first = await loginRequest(t, m.email, m.password);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ mfaRequired: true, status: 200 });
    expect(body.accessToken).toBeUndefined();
    const second = await mfaLogin(body.mfaToken, await codeAt(m.secret));
    expect(second.statusCode).toBe(200);
    expect((await verify(t, second.json().accessToken)).statusCode).toBe(200);
  });

  it('a replayed mfaToken is refused (401), even with a fresh code', async () => {
    const m = await enrolled();
    const { mfaToken } = (await loginRequest(t, m.email, m.password)).json();
    expect((await mfaLogin(mfaToken, await codeAt(m.secret))).statusCode).toBe(200);
    t.clock.advance(30_000);
    const replay = await mfaLogin(mfaToken, await codeAt(m.secret));
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('MFA_TOKEN_INVALID');
  });

  it('the mfaToken expires after 5 minutes', async () => {
    const m = await enrolled();
    const { mfaToken } = (await loginRequest(t, m.email, m.password)).json();
    t.clock.advance(5 * 60_000 + 1);
    const res = await mfaLogin(mfaToken, await codeAt(m.secret));
    expect(res.statusCode).toBe(401);
  });

  it('a code is not accepted twice within its window', async () => {
    const m = await enrolled();
    const code = await codeAt(m.secret);
    const a = (await loginRequest(t, m.email, m.password)).json().mfaToken;
    expect((await mfaLogin(a, code)).statusCode).toBe(200);
    const b = (await loginRequest(t, m.email, m.password)).json().mfaToken;
    const again = await mfaLogin(b, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_MFA_CODE');
    // The window moves on: the next step's code signs in with the same (unused) token.
    t.clock.advance(30_000);
    expect((await mfaLogin(b, await codeAt(m.secret))).statusCode).toBe(200);
  });

  it('accepts the neighbouring step (clock drift) but not a code two steps old', async () => {
    const m = await enrolled();
    // Well past the step used at enrolment, so the previous step's code is still unused.
    t.clock.advance(120_000);
    const token = (await loginRequest(t, m.email, m.password)).json().mfaToken;
    expect((await mfaLogin(token, await codeAt(m.secret, -61_000))).statusCode).toBe(400);
    expect((await mfaLogin(token, await codeAt(m.secret, -30_000))).statusCode).toBe(200);
  });

  it('a recovery code signs in once', async () => {
    const m = await enrolled();
    const code = m.recoveryCodes[3]!;
    const a = (await loginRequest(t, m.email, m.password)).json().mfaToken;
    expect((await mfaLogin(a, code.toUpperCase())).statusCode).toBe(200);
    const b = (await loginRequest(t, m.email, m.password)).json().mfaToken;
    expect((await mfaLogin(b, code)).statusCode).toBe(400);
  });

  it('limits codes per account: the 6th attempt in the window is 429, even with the right code', async () => {
    const m = await enrolled();
    const token = (await loginRequest(t, m.email, m.password)).json().mfaToken;
    for (let i = 0; i < 5; i++) expect((await mfaLogin(token, '000000')).statusCode).toBe(400);
    const limited = await mfaLogin(token, await codeAt(m.secret));
    expect(limited.statusCode).toBe(429);
    // A new login does not reset the account's count.
    const other = (await loginRequest(t, m.email, m.password)).json().mfaToken;
    expect((await mfaLogin(other, await codeAt(m.secret))).statusCode).toBe(429);
  });

  it('a wrong password still answers as before (no hint that two-factor is on)', async () => {
    const m = await enrolled();
    const res = await loginRequest(t, m.email, 'Wrong123!');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'The login details are incorrect' });
  });

  it('the login history shows the steps with their outcomes, newest first, at most 50', async () => {
    const m = await enrolled();
    const token = (await loginRequest(t, m.email, m.password)).json().mfaToken;
    t.clock.advance(1000);
    await mfaLogin(token, '111111');
    t.clock.advance(1000);
    await loginRequest(t, m.email, 'Wrong123!');
    const res = await t.app.inject({ method: 'GET', url: '/api/user/login-history', headers: bearer(m.token) });
    const outcomes = res.json().items.map((i: { outcome: string }) => i.outcome);
    expect(outcomes.slice(0, 3)).toEqual(['invalid_credentials', 'mfa_failed', 'mfa_required']);
    expect(res.json().items[0].place).toBe('Prague, CZ');
    for (let i = 0; i < 50; i++) {
      t.clock.advance(1000);
      await loginRequest(t, m.email, m.password);
    }
    const full = await t.app.inject({ method: 'GET', url: '/api/user/login-history', headers: bearer(m.token) });
    expect(full.json().items).toHaveLength(50);
  });
});

describe('turning two-factor off', () => {
  it('needs the password and a code; wrong either → 4xx and it stays on', async () => {
    const m = await enrolled();
    const wrongPassword = await post('/api/user/mfa/disable', m.token, {
      currentPassword: 'Nope123!',
      code: await codeAt(m.secret),
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      fields: { currentPassword: 'The current password is incorrect' },
    });
    const wrongCode = await post('/api/user/mfa/disable', m.token, { currentPassword: VALID_PASSWORD, code: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect((await loginRequest(t, m.email, m.password)).json().mfaRequired).toBe(true);
    const ok = await post('/api/user/mfa/disable', m.token, {
      currentPassword: VALID_PASSWORD,
      code: await codeAt(m.secret),
    });
    expect(ok.statusCode).toBe(200);
    expect((await loginRequest(t, m.email, m.password)).json().accessToken).toBeTruthy();
    expect(await t.database.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, m.id))).toEqual([]);
  });
});

describe('turning two-factor off with a recovery code', () => {
  it('works in place of a code; a recovery code already used is refused, and the one used is gone', async () => {
    const m = await enrolled();
    const spent = m.recoveryCodes[0]!;
    const step = (await loginRequest(t, m.email, m.password)).json().mfaToken;
    expect((await mfaLogin(step, spent)).statusCode).toBe(200);
    const reused = await post('/api/user/mfa/disable', m.token, { currentPassword: m.password, code: spent });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('INVALID_MFA_CODE');
    expect((await loginRequest(t, m.email, m.password)).json().mfaRequired).toBe(true);

    const code = m.recoveryCodes[1]!;
    const off = await post('/api/user/mfa/disable', m.token, { currentPassword: m.password, code });
    expect(off.statusCode).toBe(200);
    expect((await loginRequest(t, m.email, m.password)).json().accessToken).toBeTruthy();
    expect(await t.database.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, m.id))).toEqual([]);
    // Nothing left to turn off with it.
    const twice = await post('/api/user/mfa/disable', m.token, { currentPassword: m.password, code });
    expect(twice.statusCode).toBe(409);

    // On again with a new set: the code that turned it off signs in no more.
    const { secret } = (await post('/api/user/mfa/setup', m.token)).json();
    expect((await post('/api/user/mfa/confirm', m.token, { code: await codeAt(secret) })).statusCode).toBe(200);
    t.clock.advance(30_000);
    const next = (await loginRequest(t, m.email, m.password)).json().mfaToken;
    const old = await mfaLogin(next, code);
    expect(old.statusCode).toBe(400);
    expect(old.json().code).toBe('INVALID_MFA_CODE');
  });
});

describe('staff view and reset', () => {
  it('staff read whether a user has two-factor; ADMIN resets it (audited, sessions ended); SUPPORT cannot', async () => {
    const m = await enrolled();
    const admin = await signedInStaff(t, 'ADMIN');
    const support = await signedInStaff(t, 'SUPPORT');
    const url = `/api/admin/users/${m.id}/mfa`;
    const seen = await t.app.inject({ method: 'GET', url, headers: bearer(support.token) });
    expect(seen.json().mfaEnabled).toBe(true);
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(support.token) })).statusCode).toBe(403);
    const reset = await t.app.inject({ method: 'DELETE', url, headers: bearer(admin.token) });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().mfaEnabled).toBe(false);
    const ended = await verify(t, m.token);
    expect(ended.statusCode).toBe(401);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, m.id));
    expect(audit.map((a) => a.action)).toContain('user.mfa_reset');
    expect((await loginRequest(t, m.email, m.password)).json().accessToken).toBeTruthy();
    // Nothing left to reset.
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(admin.token) })).statusCode).toBe(409);
  });

  it('an ADMIN cannot reset their own through the staff route: 409 naming userId, still on', async () => {
    const admin = await signedInStaff(t, 'ADMIN');
    const setup = await post('/api/user/mfa/setup', admin.token);
    const confirm = await post('/api/user/mfa/confirm', admin.token, { code: await codeAt(setup.json().secret) });
    expect(confirm.statusCode).toBe(200);
    const url = `/api/admin/users/${admin.id}/mfa`;
    const own = await t.app.inject({ method: 'DELETE', url, headers: bearer(admin.token) });
    expect(own.statusCode).toBe(409);
    expect(Object.keys(own.json().fields)).toEqual(['userId']);
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(admin.token) })).json().mfaEnabled).toBe(true);
  });
});

describe('STAFF_MFA_REQUIRED', () => {
  it('staff without two-factor reach their profile but no staff route until they enrol', async () => {
    const s = await createTestApp({
      env: { STAFF_MFA_REQUIRED: 'true' },
      clock: new FakeClock('2026-04-01T09:00:10Z'),
    });
    try {
      const admin = await signedInStaff(s, 'ADMIN');
      const me = await s.app.inject({ method: 'GET', url: `/api/user/${admin.email}`, headers: bearer(admin.token) });
      expect(me.json().user.mfaEnrolmentRequired).toBe(true);
      const blocked = await s.app.inject({ method: 'GET', url: '/api/admin/connectors', headers: bearer(admin.token) });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().code).toBe('MFA_ENROLMENT_REQUIRED');
      const setup = await s.app.inject({ method: 'POST', url: '/api/user/mfa/setup', headers: bearer(admin.token) });
      const { secret } = setup.json();
      const code = await generate({ secret, epoch: Math.floor(s.clock.now().getTime() / 1000) });
      const confirm = await s.app.inject({
        method: 'POST',
        url: '/api/user/mfa/confirm',
        headers: bearer(admin.token),
        payload: { code },
      });
      expect(confirm.statusCode).toBe(200);
      const open = await s.app.inject({ method: 'GET', url: '/api/admin/connectors', headers: bearer(admin.token) });
      expect(open.statusCode).toBe(200);
      // A member is not asked to enrol.
      const member = await signedInMember(s);
      const mine = await s.app.inject({
        method: 'GET',
        url: `/api/user/${member.email}`,
        headers: bearer(member.token),
      });
      expect(mine.json().user.mfaEnrolmentRequired).toBe(false);
    } finally {
      await s.close();
    }
  });
});
