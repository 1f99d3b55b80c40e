// The feed fetch as it runs in production: NEWS_FEED_CRON fires the job runner's schedule, the
// runner's worker runs the news.fetch-calendar job, which GETs NEWS_FEED_URL with the real HTTP
// client. The feed is a local server that is up, then down, then serving garbage.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NewsImportStatus } from '@app/contracts/news';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickJobId } from '../../jobs/cron-schedule.ts';
import { FakeClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/test-users.ts';
import { FETCH_CALENDAR } from './index.ts';

const WEEK = readFileSync(new URL('./fixtures/calendar-week.json', import.meta.url), 'utf8');
const PHASE_MS = 20_000;

/** The wall clock: the schedule fires on real time, and the fetches it records must order as they ran. */
class WallClock extends FakeClock {
  override now(): Date {
    return new Date();
  }
}

let body = WEEK;
let requests = 0;
let feed: Server;
let port: number;
let t: TestContext;
let admin: TestUser;

function serveFeed(): Promise<Server> {
  const server = createServer((_req, res) => {
    requests++;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  });
  // Listening again on the feed's port: a clear failure, not a crash, if something took it meanwhile.
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

async function stopFeed(): Promise<void> {
  if (!feed.listening) return;
  feed.closeAllConnections();
  await new Promise((resolve) => feed.close(resolve));
}

beforeAll(async () => {
  port = 0;
  feed = await serveFeed();
  port = (feed.address() as AddressInfo).port;
  t = await createTestApp({
    clock: new WallClock(),
    // Six fields: every second, so each phase sees a tick within moments.
    env: { NEWS_FEED_URL: `http://127.0.0.1:${port}/calendar_thisweek.json`, NEWS_FEED_CRON: '* * * * * *' },
    deps: { runJobs: true },
  });
  admin = await createUser(t, 'ADMIN');
});
afterAll(async () => {
  await t.close();
  await stopFeed();
});

const status = async (): Promise<NewsImportStatus> => {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/news/status', headers: admin.headers });
  expect(res.statusCode).toBe(200);
  return res.json();
};
/** What members read: the stored events, in a stable order. */
const storedEvents = async () =>
  (await t.database.db.query.newsEvents.findMany())
    .map((e) => `${e.time.toISOString()} ${e.currency} ${e.title}`)
    .sort();
/** The last fetch, once it is a failure recorded after `since` (a fetch under way at a change may still finish first). */
const failureAfter = async (since: number) => {
  const last = (await status()).lastFetch;
  return last?.status === 'failed' && Date.parse(last.at) > since ? last : null;
};

describe('the scheduled news feed fetch', () => {
  it(
    'stores the feed when it is up, keeps the last good data when it is down or garbage, and says why',
    async () => {
      // Up: the schedule's job fetches the week and stores it.
      await expect.poll(async () => (await status()).lastFetch?.status, { timeout: PHASE_MS }).toBe('ok');
      expect(requests).toBeGreaterThan(0);
      const good = await storedEvents();
      expect(good).toHaveLength(10);
      expect(good).toContain('2026-11-25T13:30:00.000Z USD Prelim GDP q/q');
      const up = await status();
      expect(up.lastFetch).toMatchObject({ source: 'feed', status: 'ok', error: null, failure: null });
      expect(up.lastGoodFetch!.at).toBe(up.lastFetch!.at);

      // They ran as scheduled work: queue jobs whose ids are cron ticks (a direct send would have a random id).
      const jobs = await t.database.db.execute(
        sql`select id from pgboss.job where name = ${FETCH_CALENDAR} and state = 'completed'`,
      );
      const ids = (jobs as unknown as { rows: Array<{ id: string }> }).rows.map((r) => r.id);
      expect(ids.length).toBeGreaterThan(0);
      const second = Math.floor(Date.now() / 1000) * 1000;
      const recentTicks = new Set(
        Array.from({ length: 120 }, (_, i) => tickJobId(FETCH_CALENDAR, new Date(second - i * 1000))),
      );
      for (const id of ids) expect(recentTicks.has(id)).toBe(true);

      // Down: the failure is recorded as unreachable; members keep the last good week.
      const downAt = Date.now();
      await stopFeed();
      await expect.poll(() => failureAfter(downAt), { timeout: PHASE_MS }).not.toBeNull();
      const down = await status();
      expect(down.lastFetch!.failure).toEqual({ kind: 'unreachable', status: null });
      expect(down.lastFetch!.error).toMatch(/^Unreachable: /);
      expect(Date.parse(down.lastGoodFetch!.at)).toBeLessThanOrEqual(downAt + 1000);
      expect(await storedEvents()).toEqual(good);
      const dashboard = await t.app.inject({
        method: 'GET',
        url: '/api/admin/dashboard?range=7d&tz=UTC',
        headers: admin.headers,
      });
      expect(dashboard.json().needsYou.newsFeed).toMatchObject({
        lastFailure: { kind: 'unreachable', status: null },
        lastGoodAt: down.lastGoodFetch!.at,
      });
      expect(dashboard.json().needsYou.newsFeed.failures).toBeGreaterThan(0);

      // Garbage: up again on the same address, answering what is not a calendar.
      body = '<html><body>Service temporarily unavailable</body></html>';
      const servedBefore = requests;
      const garbageAt = Date.now();
      feed = await serveFeed();
      await expect
        .poll(async () => (await failureAfter(garbageAt))?.failure?.kind, { timeout: PHASE_MS })
        .toBe('unreadable');
      expect(requests).toBeGreaterThan(servedBefore);
      const garbage = await status();
      expect(garbage.lastFetch!.error).toMatch(/^Not a calendar: /);
      expect(garbage.lastGoodFetch!.id).toBe(down.lastGoodFetch!.id);
      expect(await storedEvents()).toEqual(good);
    },
    4 * PHASE_MS,
  );
});
