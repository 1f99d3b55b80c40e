import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginEvents } from '../src/db/schema/index.ts';
import { usersRepository } from '../src/modules/users/users.repository.ts';
import { loginRequest, register, signedInStaff, verify } from './auth-helpers.ts';
import { createTestApp, type TestContext } from './test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/auth/login', () => {
  it('answers a fresh bearer token that verifies', async () => {
    const m = await register(t);
    const res = await loginRequest(t, m.email, m.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(200);
    expect(body.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url
    expect((await verify(t, body.accessToken)).statusCode).toBe(200);
  });

  it('issues a new token at every login', async () => {
    const m = await register(t);
    const a = (await loginRequest(t, m.email, m.password)).json().accessToken;
    const b = (await loginRequest(t, m.email, m.password)).json().accessToken;
    expect(a).not.toBe(b);
  });

  it('accepts the email in any case', async () => {
    const m = await register(t);
    const res = await loginRequest(t, m.email.toUpperCase(), m.password);
    expect(res.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const m = await register(t);
    const wrong = await loginRequest(t, m.email, 'Wrong123!x');
    const unknown = await loginRequest(t, `nobody.${Date.now()}@example.com`, 'Wrong123!x');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'The login details are incorrect' });
    expect(unknown.body).toBe(wrong.body);
  });

  it('takes similar time for an unknown email and a wrong password (a dummy hash is verified)', async () => {
    const m = await register(t);
    const time = async (email: string) => {
      const start = performance.now();
      await loginRequest(t, email, 'Wrong123!x');
      return performance.now() - start;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i++) {
      known.push(await time(m.email));
      unknown.push(await time(`ghost${i}.${Date.now()}@example.com`));
    }
    const ratio = median(unknown) / median(known);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
    // Both paths pay for argon2id: well above a plain database lookup.
    expect(median(unknown)).toBeGreaterThan(3);
  });

  it('refuses a suspended user with 403 and a message, only after the password is right', async () => {
    const m = await register(t);
    const user = await usersRepository.findByEmail(t.database.db, m.email);
    await usersRepository.setStatus(t.database.db, user!.id, 'suspended', new Date());
    const wrong = await loginRequest(t, m.email, 'Wrong123!x');
    expect(wrong.statusCode).toBe(401);
    const res = await loginRequest(t, m.email, m.password);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_SUSPENDED');
    expect(res.json().message).toMatch(/suspended/);
  });

  it('records every attempt with time, IP, user agent, geolocation and outcome', async () => {
    const m = await register(t);
    await loginRequest(t, m.email, 'Wrong123!x', '192.0.2.7');
    await loginRequest(t, m.email, m.password, '192.0.2.8');
    const rows = await t.database.db.select().from(loginEvents).where(eq(loginEvents.email, m.email));
    expect(rows.map((r) => r.outcome).sort()).toEqual(['invalid_credentials', 'success']);
    const ok = rows.find((r) => r.outcome === 'success')!;
    expect(ok.ip).toBe('192.0.2.8');
    expect(ok.userAgent).toBe('vitest');
    expect(ok.geolocation).toEqual({ country: 'CZ', city: 'Prague' });
    expect(ok.userId).not.toBeNull();
    expect(ok.createdAt).toBeInstanceOf(Date);
  });

  it('accepts a null geolocation and a missing one', async () => {
    const m = await register(t);
    for (const userGeolocation of [null, undefined]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: m.email, password: m.password, ...(userGeolocation === null ? { userGeolocation } : {}) },
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('lets staff log in like anyone else', async () => {
    const admin = await signedInStaff(t, 'ADMIN');
    const res = await verify(t, admin.token);
    expect(res.json().user.role).toBe('ADMIN');
  });

  it('refuses an invalid payload with 400 and the spec message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nope', password: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().fields.email).toBe('Wrong email format');
    expect(res.json().fields.password).toBe('Password is required');
  });
});
