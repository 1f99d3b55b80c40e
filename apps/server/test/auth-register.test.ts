import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomIp } from './auth-helpers.ts';
import { createTestApp, newMember, type TestContext } from './test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const registerRaw = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload: payload as object, remoteAddress: randomIp() });

describe('POST /api/auth/register', () => {
  it('creates a member with a lower-cased email and an argon2id hash', async () => {
    const m = newMember();
    const res = await registerRaw({ ...m, email: m.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe(200);
    const user = await t.services.users.findByEmail(m.email);
    expect(user?.email).toBe(m.email.toLowerCase());
    expect(user?.role).toBe('USER');
    expect(user?.status).toBe('active');
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('keeps the language the app spoke at registration (its Accept-Language) as the member’s, for mails', async () => {
    const m = newMember();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: m,
      headers: { 'accept-language': 'de' },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(200);
    expect((await t.services.users.findByEmail(m.email))?.preferences).toEqual({ language: 'de' });
    // A client that names no language the platform speaks leaves it unset.
    const other = newMember();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: other,
      headers: { 'accept-language': 'pt-BR' },
      remoteAddress: randomIp(),
    });
    expect((await t.services.users.findByEmail(other.email))?.preferences).toEqual({});
  });

  it.each(['ADMIN', 'SUPPORT'])('never makes staff: role %s is refused with 400', async (role) => {
    const m = newMember({ role });
    const res = await registerRaw(m);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('ROLE_NOT_ALLOWED');
    expect(await t.services.users.findByEmail(m.email)).toBeUndefined();
  });

  it('answers 409 with a clear message for an email already registered, in any case', async () => {
    const m = newMember();
    expect((await registerRaw(m)).statusCode).toBe(200);
    const again = await registerRaw({ ...m, email: m.email.toUpperCase(), firstName: 'Other' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'EMAIL_TAKEN', message: 'An account with this email already exists' });
  });

  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['email empty', { email: '' }, 'email', 'Email is required'],
    ['email malformed', { email: 'not-an-email' }, 'email', 'Wrong email format'],
    ['email short', { email: 'a@' }, 'email', 'Minimum 3 symbols'],
    ['email long', { email: `${'a'.repeat(45)}@example.com` }, 'email', 'Maximum 50 symbols'],
    ['password missing', { password: '' }, 'password', 'Password is required'],
    [
      'password 7 chars',
      { password: 'Ab1!xyz' },
      'password',
      'Password is too short - should be 8 characters minimum.',
    ],
    [
      'password 51 chars',
      { password: `Ab1!${'x'.repeat(47)}` },
      'password',
      'Password is too long - should be 50 characters maximum.',
    ],
    ['no lowercase', { password: 'ABCDEF1!' }, 'password', 'Password must contain at least one lowercase letter'],
    ['no uppercase', { password: 'abcdef1!' }, 'password', 'Password must contain at least one uppercase letter'],
    ['no digit', { password: 'Abcdefg!' }, 'password', 'Password must contain at least one number'],
    ['no special', { password: 'Abcdefg1' }, 'password', 'Password must contain at least one special character'],
    ['first name empty', { firstName: '' }, 'firstName', 'First name is required'],
    ['first name short', { firstName: 'Al' }, 'firstName', 'Minimum 3 symbols'],
    ['last name empty', { lastName: '' }, 'lastName', 'Last name is required'],
    ['last name long', { lastName: 'x'.repeat(51) }, 'lastName', 'Maximum 50 symbols'],
  ];
  it.each(cases)('enforces SPEC §5 on the server: %s', async (_name, change, field, message) => {
    const m = { ...newMember(), ...change };
    const res = await registerRaw(m);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().fields[field]).toBe(message);
  });

  it('accepts exactly 8 characters with every class', async () => {
    expect((await registerRaw(newMember({ password: 'Abcde1!x' }))).statusCode).toBe(200);
  });

  it('refuses unknown fields such as the form-only ones', async () => {
    const res = await registerRaw({ ...newMember(), changepassword: 'x', acceptTerms: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Unrecognized key/);
  });
});
