// SUPPORT sees the whole admin area and changes nothing: every /api/admin/* route the app registers
// (taken from the app's own route table, so a route added later is walked too) answers SUPPORT 403
// on a write and 200 on a read (404 when the path names an id that does not exist).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signedInMember, signedInStaff } from '../../../test/auth-helpers.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let t: TestContext;
let support: { token: string };
let member: { id: string };
beforeAll(async () => {
  t = await createTestApp();
  support = await signedInStaff(t, 'SUPPORT');
  member = await signedInMember(t);
});
afterAll(() => t.close());

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const READS = new Set(['GET', 'HEAD']);

/** A concrete URL: the member's id for :userId (a real user), an unknown id for any other parameter. */
const concrete = (url: string) =>
  url
    .replace(':userId', member.id)
    .replace(/:[A-Za-z]+/g, UNKNOWN)
    .replace('*', 'x');

/** Reads that hold a connection open (live streams): their status is all that is read. */
const STREAMS = /\/stream$|\/events$/;

describe('SUPPORT is read-only on every admin route', () => {
  const adminRoutes = () => t.routes.filter((r) => r.url.startsWith('/api/admin/') && r.method !== 'HEAD');

  it('walks a route table that includes the admin area', () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.some((r) => r.url === '/api/admin/users' && r.method === 'GET')).toBe(true);
    expect(routes.some((r) => r.url === '/api/admin/users/status' && r.method === 'POST')).toBe(true);
  });

  it('403 on every write, whatever the body', async () => {
    const writes = adminRoutes().filter((r) => !READS.has(r.method));
    expect(writes.length).toBeGreaterThan(5);
    for (const r of writes) {
      const res = await t.app.inject({
        method: r.method as 'POST',
        url: concrete(r.url),
        headers: bearer(support.token),
        payload: {},
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
    }
  });

  it('200 on every read (404 for an unknown id)', async () => {
    const reads = adminRoutes().filter((r) => READS.has(r.method) && !STREAMS.test(r.url));
    expect(reads.length).toBeGreaterThan(5);
    for (const r of reads) {
      const url = concrete(r.url);
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(support.token) });
      const unknownId = url.includes(UNKNOWN);
      expect(
        [200, ...(unknownId ? [404] : [])],
        `${r.method} ${r.url} → ${res.statusCode} ${res.body.slice(0, 200)}`,
      ).toContain(res.statusCode);
    }
  });
});
