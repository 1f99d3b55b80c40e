import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { registerAccessControl } from '../src/plugins/access.ts';
import { bearer, signedInMember, signedInStaff } from './auth-helpers.ts';
import { createTestApp, type TestContext } from './test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ACCESS = ['public', 'member', 'staff', 'admin', 'connector'];
const concrete = (url: string) =>
  url
    .replace(/:userId|:id|:accountId/g, '00000000-0000-4000-8000-000000000000')
    .replace(/:[A-Za-z]+/g, 'x')
    .replace('*', 'x');

describe('route access table', () => {
  it('every route declares who may call it', () => {
    expect(t.routes.length).toBeGreaterThan(5);
    for (const r of t.routes) expect(ACCESS, `${r.method} ${r.url}`).toContain(r.access);
  });

  it('a route without a declaration stops the server from starting', async () => {
    const app = Fastify();
    registerAccessControl(app, t.services.sessions);
    expect(() => app.get('/undeclared', async () => 'x')).toThrow(/declares no access/);
    await app.close();
  });

  it('a member gets 403 on every staff and admin route; a visitor gets 401', async () => {
    const member = await signedInMember(t);
    const guarded = t.routes.filter((r) => (r.access === 'staff' || r.access === 'admin') && r.method !== 'HEAD');
    expect(guarded.length).toBeGreaterThan(0);
    for (const r of guarded) {
      const url = concrete(r.url);
      const asMember = await t.app.inject({
        method: r.method as 'GET',
        url,
        headers: bearer(member.token),
        payload: r.method === 'GET' ? undefined : {},
      });
      expect(asMember.statusCode, `${r.method} ${r.url}`).toBe(403);
      const anonymous = await t.app.inject({
        method: r.method as 'GET',
        url,
        payload: r.method === 'GET' ? undefined : {},
      });
      expect(anonymous.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('SUPPORT gets 403 on every admin route', async () => {
    const support = await signedInStaff(t, 'SUPPORT');
    for (const r of t.routes.filter((x) => x.access === 'admin')) {
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: concrete(r.url),
        headers: bearer(support.token),
        payload: r.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
    }
  });

  it('a visitor gets 401 on every member route', async () => {
    for (const r of t.routes.filter((x) => x.access === 'member' && x.method !== 'HEAD')) {
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: concrete(r.url),
        payload: r.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });
});
