// A signed-in user's current password is checked at most 5 times per window (password change, email
// change, two-factor off share the count), wrong or right: a stolen session cannot guess it at
// hashing speed. A right password starts the count again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../src/lib/clock.ts';
import { bearer, loginRequest, signedInMember } from './auth-helpers.ts';
import { createTestApp, type TestContext } from './test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ clock: new FakeClock('2026-04-01T09:00:00Z') });
});
afterAll(() => t.close());

const post = (url: string, token: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
const changePassword = (token: string, currentPassword: string) =>
  post('/api/user/password', token, { currentPassword, newPassword: 'Another456!' });

describe('checks of the current password', () => {
  it('the 6th check in a window is 429, even with the right password; nothing changes', async () => {
    const m = await signedInMember(t);
    for (let i = 0; i < 3; i++) expect((await changePassword(m.token, `Wrong${i}23!`)).statusCode).toBe(400);
    // The email change counts with them.
    for (let i = 0; i < 2; i++) {
      const res = await post('/api/user/email', m.token, { email: `x${i}@example.com`, currentPassword: 'Nope123!' });
      expect(res.statusCode).toBe(400);
    }
    const limited = await changePassword(m.token, m.password);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    // Turning two-factor off checks the same password against the same count.
    const off = await post('/api/user/mfa/disable', m.token, { currentPassword: m.password, code: '000000' });
    expect(off.statusCode).toBe(429);
    expect((await loginRequest(t, m.email, m.password)).statusCode).toBe(200);
  });

  it('a right password starts the count again', async () => {
    const m = await signedInMember(t);
    for (let i = 0; i < 4; i++) expect((await changePassword(m.token, `Wrong${i}23!`)).statusCode).toBe(400);
    expect((await changePassword(m.token, m.password)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await changePassword(m.token, `Wrong${i}23!`)).statusCode).toBe(400);
  });
});
