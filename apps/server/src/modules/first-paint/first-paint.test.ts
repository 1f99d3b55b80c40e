// POST /api/first-paint: a member's page drawn with exactly what the app's own routes answer them;
// nothing for staff, strangers, bad input, an API-only server, or while the server is busy drawing.
// The renderer here records what it is given: the web app's (apps/web, app/first-paint) is tested
// there on its own and in the browser (e2e/first-paint.spec.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { createAccount, ev, ingest, setupWorld, type TradingWorld } from '../../../test/trading-fixtures.ts';
import { createUser } from '../../../test/test-users.ts';
import type { FirstPaintInput } from './renderer.ts';

let t: TestContext;
let w: TradingWorld;
const given: FirstPaintInput[] = [];
/** Set by a test to hold renders until it lets them go. */
let hold: Promise<void> | null = null;
beforeAll(async () => {
  t = await createTestApp({
    deps: {
      firstPaintRenderer: async () => ({
        render: async (input) => {
          given.push(input);
          if (hold) await hold;
          return `<main>${input.path} for ${input.user.email}</main>`;
        },
      }),
    },
  });
  w = await setupWorld(t);
});
afterAll(() => t.close());

const body = { path: '/accounts', storage: { i18nConfig: '{"selectedLang":"ja"}' }, timeZone: 'Asia/Tokyo' };
const draw = (headers: Record<string, string>, payload: unknown = body) =>
  t.app.inject({ method: 'POST', url: '/api/first-paint', headers, payload: payload as object });

describe('POST /api/first-paint', () => {
  it("draws the member's page from what the app's routes answer them", async () => {
    const active = await createAccount(t, w, w.member);
    const res0 = await ingest(t, w.connectorKey, [
      ev.snapshot('fp-1', active.login, t.clock.now().toISOString(), 100000, 100000),
    ]);
    expect(res0.statusCode, res0.body).toBeLessThan(300);
    // A pending account has no figures yet: no overview is read for it.
    const pending = await createAccount(t, w, w.member);
    await createAccount(t, w, w.other);
    given.length = 0;
    const res = await draw(w.member.headers, { ...body, viewportWidth: 412 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { html, bodies } = res.json();
    expect(html).toBe(`<main>/accounts for ${w.member.email}</main>`);
    // The answers go back to the browser: the app starts with them instead of asking again.
    const overviewPath = `/api/accounts/${active.id}`;
    const userPath = `/api/user/${encodeURIComponent(w.member.email)}`;
    expect(Object.keys(bodies).sort()).toEqual(['/api/accounts', '/api/config', overviewPath, userPath].sort());
    expect(bodies[userPath].user.email).toBe(w.member.email);
    const [input] = given;
    expect(input!.user.email).toBe(w.member.email);
    expect(input!.storage).toEqual(body.storage);
    expect(input!.timeZone).toBe('Asia/Tokyo');
    expect(input!.viewportWidth).toBe(412);
    // The same bodies the app's own reads get: only the member's account, nobody else's.
    const own = await t.app.inject({ method: 'GET', url: '/api/accounts', headers: w.member.headers });
    expect(input!.bodies['/api/accounts']).toEqual(own.json());
    expect(bodies['/api/accounts']).toEqual(own.json());
    expect(
      own
        .json()
        .accounts.map((a: { id: string }) => a.id)
        .sort(),
    ).toEqual([active.id, pending.id].sort());
    const overview = await t.app.inject({ method: 'GET', url: overviewPath, headers: w.member.headers });
    expect(bodies[overviewPath]).toEqual(overview.json());
    expect(input!.bodies['/api/config']).toMatchObject({ tradingDayTimeZone: expect.any(String) });
  });

  it('draws nothing for staff (their /accounts is the dashboard) or without a session', async () => {
    given.length = 0;
    expect((await draw(w.support.headers)).statusCode).toBe(404);
    expect((await draw(w.admin.headers)).statusCode).toBe(404);
    const anonymous = await draw({});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHORIZED');
    expect(given).toHaveLength(0);
  });

  it.each([
    ['another path', { ...body, path: '/billing' }, 'path'],
    ['a token among the settings', { ...body, storage: { access: 'token' } }, 'storage'],
    [
      'too many settings',
      { ...body, storage: Object.fromEntries([...Array(33)].map((_, i) => [`k${i}`, 'v'])) },
      'storage',
    ],
    ['a setting too long', { ...body, storage: { LayoutConfig: 'x'.repeat(8193) } }, 'storage'],
    ['a NUL in a setting', { ...body, storage: { theme: 'a\u0000b' } }, 'storage'],
    ['an unknown zone', { ...body, timeZone: 'Mars/Olympus' }, 'timeZone'],
    ['a width that is not one', { ...body, viewportWidth: -1 }, 'viewportWidth'],
    ['an unknown field', { ...body, extra: 1 }, ''],
  ])('refuses %s with a 400 and draws nothing', async (_label, payload, field) => {
    given.length = 0;
    const res = await draw(w.member.headers, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining(field) });
    expect(given).toHaveLength(0);
  });

  it('draws at most two pages at once: a third is told to let the app draw it (503, Retry-After)', async () => {
    let release!: () => void;
    hold = new Promise((r) => (release = r));
    try {
      const first = [draw(w.member.headers), draw(w.member.headers)];
      await expect.poll(() => given.length, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
      const third = await draw(w.member.headers);
      expect(third.statusCode).toBe(503);
      expect(third.headers['retry-after']).toBe('1');
      expect(third.json().code).toBe('SERVICE_UNAVAILABLE');
      release();
      for (const res of await Promise.all(first)) expect(res.statusCode).toBe(200);
    } finally {
      hold = null;
    }
    expect((await draw(w.member.headers)).statusCode).toBe(200);
  });
});

describe('a server without the web app', () => {
  it('draws no page (404): the browser draws its own', async () => {
    const api = await createTestApp();
    try {
      const member = await createUser(api, 'USER');
      const res = await api.app.inject({
        method: 'POST',
        url: '/api/first-paint',
        headers: member.headers,
        payload: body,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    } finally {
      await api.close();
    }
  });
});
