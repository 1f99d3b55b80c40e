// The dashboard's "needs you" news feed card: the scheduled fetches that failed since the last good
// one, read from the import records (the fetches themselves are the news module's tests).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signedInStaff } from '../../../test/auth-helpers.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { runSql } from '../../../test/dashboard-fixtures.ts';

let t: TestContext;
let admin: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInStaff(t, 'ADMIN');
});
afterAll(() => t.close());

const run = (query: string) => runSql(t, query);
const feed = async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/admin/dashboard?range=7d&tz=UTC',
    headers: bearer(admin.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().needsYou.newsFeed;
};

describe('GET /api/admin/dashboard: needs you, the news feed', () => {
  it('needs you: the news feed fetches that failed since the last good one, the latest reason', async () => {
    expect(await feed()).toEqual({
      failures: 0,
      lastFailureAt: null,
      lastError: null,
      lastFailure: null,
      lastGoodAt: null,
    });
    // Failed before any good fetch; an upload and a failed upload are not the feed.
    await run(`insert into news_imports (source, status, error, created_at) values
      ('feed', 'failed', 'HTTP 502 from the feed', '2026-03-18T06:00:00Z'),
      ('upload', 'failed', 'bad file', '2026-03-19T07:00:00Z'),
      ('upload', 'ok', null, '2026-03-19T08:00:00Z')`);
    expect(await feed()).toEqual({
      failures: 1,
      lastFailureAt: '2026-03-18T06:00:00.000Z',
      lastError: 'HTTP 502 from the feed',
      lastFailure: { kind: 'http_status', status: 502 },
      lastGoodAt: null,
    });
    // A good fetch clears the count; two failures after it count, the latest one named.
    await run(`insert into news_imports (source, status, error, created_at) values
      ('feed', 'ok', null, '2026-03-19T06:00:00Z'),
      ('feed', 'failed', 'timeout', '2026-03-20T06:00:00Z'),
      ('feed', 'failed', 'Not a calendar: Expected an array of events', '2026-03-20T09:00:00Z')`);
    expect(await feed()).toEqual({
      failures: 2,
      lastFailureAt: '2026-03-20T09:00:00.000Z',
      lastError: 'Not a calendar: Expected an array of events',
      // The kind the web translates, read from the stored reason.
      lastFailure: { kind: 'unreadable', status: null },
      lastGoodAt: '2026-03-19T06:00:00.000Z',
    });
    await run(`insert into news_imports (source, status, created_at) values ('feed', 'ok', '2026-03-20T10:00:00Z')`);
    expect(await feed()).toMatchObject({ failures: 0, lastGoodAt: '2026-03-20T10:00:00.000Z' });
  });
});
