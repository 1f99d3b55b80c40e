import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  newsEventSchema,
  newsImportPreviewSchema,
  newsWeekResponseSchema,
  type NewsImportError as ImportError,
} from '@app/contracts/news';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { createUser, type TestUser } from '../../../test/test-users.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const JSON_WEEK = fixture('calendar-week.json');
const CSV_WEEK = fixture('calendar-week.csv');
const WEEK = { from: '2026-11-23T00:00:00Z', to: '2026-11-30T00:00:00Z' };

// The feed: a local HTTP server whose answer each test chooses.
let feedAnswer: { status: number; type: string; body: string } = { status: 200, type: 'application/json', body: '[]' };
let feed: Server;
let feedUrl: string;

let t: TestContext;
let admin: TestUser;
let support: TestUser;
let member: TestUser;

beforeAll(async () => {
  feed = createServer((_req, res) => {
    res.writeHead(feedAnswer.status, { 'content-type': feedAnswer.type });
    res.end(feedAnswer.body);
  });
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/calendar_thisweek.json`;
  t = await createTestApp({ clock: new FakeClock('2026-11-23T12:00:00Z'), env: { NEWS_FEED_URL: feedUrl } });
  [admin, support, member] = await Promise.all([
    createUser(t, 'ADMIN'),
    createUser(t, 'SUPPORT'),
    createUser(t, 'USER'),
  ]);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => feed.close(resolve));
});

const post = (path: string, payload: object, who: TestUser = admin) =>
  t.app.inject({ method: 'POST', url: `/api/admin/news/${path}`, headers: who.headers, payload });
/** The week as a member reads it; a 200 is held to the contract's schema (the body is the database's JSON). */
const week = async (query = '', who: TestUser = member) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/news/events?from=${encodeURIComponent(WEEK.from)}&to=${encodeURIComponent(WEEK.to)}${query}`,
    headers: who.headers,
  });
  if (res.statusCode === 200) {
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(newsWeekResponseSchema.strict().parse(res.json())).toEqual(res.json());
    for (const e of res.json().events) {
      expect(newsEventSchema.strict().parse(e)).toEqual(e);
      expect(new Date(e.time).toISOString()).toBe(e.time);
    }
  }
  return res;
};
const eventCount = async () => (await t.database.db.query.newsEvents.findMany()).length;

describe('news calendar import', () => {
  it('previews the JSON week without storing it: entities decoded, impacts and times read', async () => {
    const res = await post('import/preview', { format: 'json', content: JSON_WEEK });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.errors).toEqual([]);
    expect(body.existing).toBe(0);
    expect(body.rows).toHaveLength(10);
    expect(body.rows[3]).toMatchObject({
      line: 4,
      title: 'S&P Global Manufacturing PMI',
      currency: 'USD',
      impact: 'low',
      time: '2026-11-24T14:45:00.000Z',
    });
    expect(body.rows[0]).toMatchObject({ impact: 'holiday', currency: 'JPY' });
    expect(await eventCount()).toBe(0);
  });

  it('imports the JSON week, audits it, and a re-import updates instead of duplicating', async () => {
    const first = await post('import', { format: 'json', fileName: 'week.json', content: JSON_WEEK });
    expect(first.statusCode).toBe(201);
    expect(first.json().import).toMatchObject({ source: 'upload', status: 'ok', inserted: 10, updated: 0, skipped: 0 });
    expect(await eventCount()).toBe(10);

    const gdpOf = async () => (await week()).json().events.find((e: { title: string }) => e.title === 'Prelim GDP q/q');
    expect((await gdpOf()).forecast).toBe('2.8%'); // read, so the week is cached before the change
    const changed = JSON_WEEK.replace(/"forecast": ?"2.8%"/, '"forecast": "2.9%"');
    const again = await post('import', { format: 'json', fileName: 'week.json', content: changed });
    expect(again.json().import).toMatchObject({ inserted: 0, updated: 10 });
    expect(await eventCount()).toBe(10);
    expect(await gdpOf()).toMatchObject({
      forecast: '2.9%',
      previous: '3.0%',
      restricted: true,
      time: '2026-11-25T13:30:00.000Z',
    });

    const audit = await t.database.db.query.auditLog.findMany({ where: (a, { eq }) => eq(a.action, 'news.import') });
    expect(audit).toHaveLength(2);
    expect(audit[0]!.actorId).toBe(admin.id);
  });

  it('reads the CSV in the chosen zone (New York by default): the same week matches the JSON one', async () => {
    const preview = await post('import/preview', { format: 'csv', content: CSV_WEEK });
    expect(preview.json().errors).toEqual([]);
    expect(preview.json().existing).toBe(10);
    const rows = preview.json().rows;
    expect(rows[0]).toMatchObject({ line: 2, timeKind: 'all_day', time: '2026-11-23T05:00:00.000Z' });
    expect(rows[8]).toMatchObject({ timeKind: 'tentative', currency: 'ALL' });
    expect(rows[7]).toMatchObject({ title: 'BOJ Gov Ueda Speaks', time: '2026-11-27T00:30:00.000Z' });

    const res = await post('import', { format: 'csv', content: CSV_WEEK });
    expect(res.json().import).toMatchObject({ inserted: 0, updated: 10 });
    expect(await eventCount()).toBe(10);

    const london = await post('import/preview', { format: 'csv', content: CSV_WEEK, timeZone: 'Europe/London' });
    expect(london.json().rows[4].time).toBe('2026-11-25T08:30:00.000Z');
    const badZone = await post('import/preview', { format: 'csv', content: CSV_WEEK, timeZone: 'Mars/Olympus' });
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json().message).toMatch(/timeZone/);
  });

  it('reports malformed rows by line and imports only the valid ones', async () => {
    const csv = [
      'Title,Country,Date,Time,Impact,Forecast,Previous,URL',
      'Good Row,CAD,11-26-2026,8:30am,High,1.0%,0.9%,',
      'Bad Currency,DOLLARS,11-26-2026,8:30am,High,,,',
      'Bad Date,USD,2026-11-26,8:30am,High,,,',
      'Bad Time,USD,11-26-2026,25:99,High,,,',
      'Bad Impact,USD,11-26-2026,8:30am,Huge,,,',
      ',USD,11-26-2026,8:30am,High,,,',
      'Good Row,CAD,11-26-2026,8:30am,High,1.0%,0.9%,',
    ].join('\n');
    const preview = await post('import/preview', { format: 'csv', content: csv });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().rows).toHaveLength(1);
    // Each error has a code (and its numbers) the web translates, and the English for API clients.
    const byLine = (e: ImportError) => [e.line, e.field, e.code, e.params];
    expect(preview.json().errors.map(byLine)).toEqual([
      [3, 'country', 'bad_currency', {}],
      [4, 'date', 'bad_csv_date', {}],
      [5, 'time', 'bad_csv_time', {}],
      [6, 'impact', 'bad_impact', {}],
      [7, 'title', 'title_required', {}],
      [8, 'row', 'duplicate', { line: 2 }],
    ]);
    expect(preview.json().errors[1].message).toBe('A date as MM-DD-YYYY');
    expect(newsImportPreviewSchema.strict().parse(preview.json())).toEqual(preview.json());
    const res = await post('import', { format: 'csv', content: csv });
    expect(res.json().import).toMatchObject({ inserted: 1, skipped: 6 });

    const json = JSON.stringify([
      {
        title: 'Fine',
        country: 'AUD',
        date: '2026-11-26T19:30:00-05:00',
        impact: 'Medium',
        forecast: '',
        previous: '',
      },
      { title: 'No offset', country: 'AUD', date: '2026-11-26T19:30:00', impact: 'Medium' },
      'not an object',
      { title: 'Number forecast', country: 'NZD', date: '2026-11-26T19:30:00Z', impact: 'Low', forecast: { x: 1 } },
      { title: 'x'.repeat(201), country: 'NZD', date: '1969-12-31T19:30:00Z', impact: 'Low' },
    ]);
    const errors = (await post('import/preview', { format: 'json', content: json })).json().errors;
    expect(errors.map(byLine)).toEqual([
      [2, 'date', 'bad_iso_date', {}],
      [3, 'row', 'not_object', {}],
      [4, 'forecast', 'not_text', {}],
      [5, 'title', 'too_long', { max: 200 }],
      [5, 'date', 'date_out_of_range', {}],
    ]);
  });

  it('refuses garbage, a wrong header and a file over 10 MB clearly, storing nothing', async () => {
    const before = await eventCount();
    const garbage = await post('import', { format: 'json', content: '<html>oops' });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().message).toMatch(/Not valid JSON/);
    const notJson = await post('import/preview', { format: 'json', content: '<html>oops' });
    expect(notJson.json().errors).toMatchObject([{ line: 0, field: 'file', code: 'not_json' }]);
    const header = await post('import/preview', { format: 'csv', content: 'a,b,c\n1,2,3' });
    expect(header.json().errors[0]).toMatchObject({ line: 1, field: 'header', code: 'bad_header' });

    const big = 'x'.repeat(10 * 1024 * 1024 + 1);
    const tooLarge = await post('import/preview', { format: 'csv', content: big });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(tooLarge.json().message).toMatch(/10 MB/);
    const wayTooLarge = await post('import', { format: 'csv', content: 'x'.repeat(25 * 1024 * 1024) });
    expect(wayTooLarge.statusCode).toBe(413);
    expect(await eventCount()).toBe(before);
  });

  it('lets SUPPORT read the import status but not import (403); members reach neither', async () => {
    expect((await post('import', { format: 'json', content: JSON_WEEK }, support)).statusCode).toBe(403);
    expect((await post('import/preview', { format: 'json', content: JSON_WEEK }, support)).statusCode).toBe(403);
    const status = await t.app.inject({ method: 'GET', url: '/api/admin/news/status', headers: support.headers });
    expect(status.statusCode).toBe(200);
    expect(status.json().feedConfigured).toBe(true);
    expect((await post('import', { format: 'json', content: JSON_WEEK }, member)).statusCode).toBe(403);
    const memberStatus = await t.app.inject({ method: 'GET', url: '/api/admin/news/status', headers: member.headers });
    expect(memberStatus.statusCode).toBe(403);
  });
});

describe('news calendar week', () => {
  it('filters by impact and currency (ALL events match any currency), flags high impact as restricted', async () => {
    const all = (await week()).json();
    expect(all.currencies).toEqual(['ALL', 'CAD', 'EUR', 'GBP', 'JPY', 'USD']);
    const highUsd = (await week('&impact=high&currency=USD')).json();
    expect(highUsd.events.map((e: { title: string }) => e.title)).toEqual(['CB Consumer Confidence', 'Prelim GDP q/q']);
    expect(highUsd.events.every((e: { restricted: boolean }) => e.restricted)).toBe(true);
    const usdAll = (await week('&currency=USD')).json();
    expect(usdAll.events.some((e: { currency: string }) => e.currency === 'ALL')).toBe(true);
    const times = all.events.map((e: { time: string }) => e.time);
    expect([...times].sort()).toEqual(times);
  });

  it("keeps a week's answer until a write anywhere says the calendar changed (NOTIFY)", async () => {
    const events = async () => (await week()).json().events as Array<{ id: string; title: string }>;
    const before = await events();
    const id = before[0]!.id;
    const titleOf = async () => (await events()).find((e) => e.id === id)!.title;
    // Written around the service without a notification: the cached answer stands (within its TTL).
    await t.database.db.execute(sql`update news_events set title = 'Revised' where id = ${id}`);
    expect(await events()).toEqual(before);
    // What another instance's import does: the write and its NOTIFY commit together; every instance forgets.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`update news_events set title = 'Revised again' where id = ${id}`);
      await tx.execute(sql`select pg_notify('news_changes', '')`);
    });
    await expect.poll(titleOf, { timeout: 5_000 }).toBe('Revised again');
    await t.database.db.execute(sql`update news_events set title = ${before[0]!.title} where id = ${id}`);
    await t.database.db.execute(sql`select pg_notify('news_changes', '')`);
    await expect.poll(titleOf, { timeout: 5_000 }).toBe(before[0]!.title);
  });

  it('refuses a bad range or filter naming the field', async () => {
    const bad = await week('&impact=huge');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/impact/);
    const reversed = await t.app.inject({
      method: 'GET',
      url: `/api/news/events?from=${WEEK.to}&to=${WEEK.from}`,
      headers: member.headers,
    });
    expect(reversed.statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/news/events?from=${WEEK.from}&to=${WEEK.to}` })).statusCode,
    ).toBe(401);
  });

  it('answers the next restricted event from now', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/news/next-restricted', headers: member.headers });
    expect(res.json().event).toMatchObject({ title: 'CB Consumer Confidence', restricted: true });
  });

  it('a high-impact event without a time (tentative, all day) is no countdown and flags no trade', async () => {
    const soon = new Date('2026-11-23T13:00:00Z');
    await t.database.db
      .execute(sql`insert into news_events (time, time_kind, local_date, currency, title, title_key, impact, source)
      values (${soon}, 'tentative', '2026-11-23', 'USD', 'Fed Chair Speaks', 'fed chair speaks', 'high', 'upload')`);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/news/next-restricted', headers: member.headers });
      expect(res.json().event).toMatchObject({ title: 'CB Consumer Confidence' });
      const around = await t.services.news.highImpactBetween(new Date(soon.getTime() - 60_000), soon);
      expect(around).toEqual([]);
    } finally {
      await t.database.db.execute(sql`delete from news_events where title_key = 'fed chair speaks'`);
    }
  });
});

describe('news feed fetch', () => {
  const feedWeek = JSON_WEEK.replace('Retail Sales m/m', 'Retail Sales y/y');

  it('stores a good feed and records the fetch', async () => {
    t.clock.advance(60_000);
    feedAnswer = { status: 200, type: 'application/json', body: feedWeek };
    expect(await t.services.news.fetchCalendar()).toBe('ok');
    const status = (
      await t.app.inject({ method: 'GET', url: '/api/admin/news/status', headers: admin.headers })
    ).json();
    expect(status.lastFetch).toMatchObject({
      source: 'feed',
      status: 'ok',
      inserted: 1,
      updated: 9,
      error: null,
      failure: null,
    });
    expect(status.lastGoodFetch.id).toBe(status.lastFetch.id);
  });

  it.each([
    [
      'returns 503',
      { status: 503, type: 'text/plain', body: 'down for maintenance' },
      /HTTP 503/,
      { kind: 'http_status', status: 503 },
    ],
    [
      'returns garbage',
      { status: 200, type: 'application/json', body: '{"not":"a calendar"' },
      /Not a calendar/,
      { kind: 'unreadable', status: null },
    ],
    [
      'returns an empty list',
      { status: 200, type: 'application/json', body: '[]' },
      /no events/,
      { kind: 'empty', status: null },
    ],
  ])(
    'keeps the last good data when the feed %s, and shows the failure to staff',
    async (_name, answer, error, failure) => {
      const before = (await week()).json().events;
      t.clock.advance(60_000);
      feedAnswer = answer;
      expect(await t.services.news.fetchCalendar()).toBe('failed');
      expect((await week()).json().events).toEqual(before);
      const status = (
        await t.app.inject({ method: 'GET', url: '/api/admin/news/status', headers: support.headers })
      ).json();
      expect(status.lastFetch).toMatchObject({ source: 'feed', status: 'failed' });
      expect(status.lastFetch.error).toMatch(error);
      expect(status.lastFetch.failure).toEqual(failure);
      expect(status.lastGoodFetch).toMatchObject({ status: 'ok' });
    },
  );

  it('records an unreachable feed as failed', async () => {
    const down = await createTestApp({ env: { NEWS_FEED_URL: 'http://127.0.0.1:1/calendar.json' } });
    try {
      expect(await down.services.news.fetchCalendar()).toBe('failed');
      const rows = await down.database.db.query.newsImports.findMany();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'failed', source: 'feed' });
      expect(rows[0]!.error).toMatch(/Unreachable/);
    } finally {
      await down.close();
    }
  });
});

describe('news calendar: events without a time, and events whose time changed', () => {
  const HEADER = 'Title,Country,Date,Time,Impact,Forecast,Previous,URL';
  const csv = (...rows: string[]) => [HEADER, ...rows].join('\n');
  const importCsv = async (content: string) => {
    const res = await post('import', { format: 'csv', content });
    expect(res.statusCode).toBe(201);
    return res.json().import as { inserted: number; updated: number };
  };
  /** The week starting at `monday`'s midnight in `timeZone`, as the calendar asks for it. */
  const weekIn = async (fromIso: string, toIso: string, timeZone: string) => {
    const q = `from=${encodeURIComponent(fromIso)}&to=${encodeURIComponent(toIso)}&timeZone=${encodeURIComponent(timeZone)}`;
    const res = await t.app.inject({ method: 'GET', url: `/api/news/events?${q}`, headers: member.headers });
    expect(res.statusCode).toBe(200);
    expect(newsWeekResponseSchema.strict().parse(res.json())).toEqual(res.json());
    return res.json().events as Array<{ title: string; time: string; timeKind: string; date: string }>;
  };
  const titled = async (title: string) =>
    (await weekIn('2027-02-01T00:00:00Z', '2027-02-08T00:00:00Z', 'UTC')).filter((e) => e.title === title);

  it('shows an all-day event on its date in every zone, not on the day its New York midnight falls on', async () => {
    await importCsv(csv('Presidents Bank Holiday,USD,02-03-2027,All Day,Holiday,,,'));
    // Los Angeles: New York's midnight of 3 February is 21:00 on the 2nd there.
    const laWeekTo3rd = await weekIn('2027-01-27T08:00:00Z', '2027-02-03T08:00:00Z', 'America/Los_Angeles');
    expect(laWeekTo3rd.map((e) => e.title)).not.toContain('Presidents Bank Holiday');
    const laWeekFrom3rd = await weekIn('2027-02-03T08:00:00Z', '2027-02-10T08:00:00Z', 'America/Los_Angeles');
    expect(laWeekFrom3rd.find((e) => e.title === 'Presidents Bank Holiday')).toMatchObject({
      timeKind: 'all_day',
      date: '2027-02-03',
      time: '2027-02-03T05:00:00.000Z',
    });
    // Kiritimati (UTC+14): 3 February starts there at 10:00 UTC on the 2nd.
    const eastWeek = await weekIn('2027-02-02T10:00:00Z', '2027-02-09T10:00:00Z', 'Pacific/Kiritimati');
    expect(eastWeek.map((e) => e.title)).toContain('Presidents Bank Holiday');
    const eastWeekBefore = await weekIn('2027-01-26T10:00:00Z', '2027-02-02T10:00:00Z', 'Pacific/Kiritimati');
    expect(eastWeekBefore.map((e) => e.title)).not.toContain('Presidents Bank Holiday');
  });

  it('moves an event whose time changed on a re-import instead of storing it twice', async () => {
    expect(await importCsv(csv('Fed Chair Powell Speaks,USD,02-04-2027,Tentative,High,,,'))).toMatchObject({
      inserted: 1,
      updated: 0,
    });
    const timed = csv('Fed Chair Powell Speaks,USD,02-04-2027,2:30pm,High,,,');
    const preview = await post('import/preview', { format: 'csv', content: timed });
    expect(preview.json().existing).toBe(1);
    expect(await importCsv(timed)).toMatchObject({ inserted: 0, updated: 1 });
    expect(await titled('Fed Chair Powell Speaks')).toEqual([
      expect.objectContaining({ timeKind: 'exact', time: '2027-02-04T19:30:00.000Z', date: '2027-02-04' }),
    ]);
    // Rescheduled again: still one event, now at the new time, and restricted from it.
    expect(await importCsv(csv('Fed Chair Powell Speaks,USD,02-04-2027,3:00pm,High,,,'))).toMatchObject({
      inserted: 0,
      updated: 1,
    });
    expect((await titled('Fed Chair Powell Speaks')).map((e) => e.time)).toEqual(['2027-02-04T20:00:00.000Z']);
    const high = await t.services.news.highImpactBetween(
      new Date('2027-02-04T00:00:00Z'),
      new Date('2027-02-05T00:00:00Z'),
    );
    expect(high.map((e) => new Date(e.time).toISOString())).toEqual(['2027-02-04T20:00:00.000Z']);
  });

  it('keeps two same-titled events of one day two, and moves only the one whose time changed', async () => {
    const day = (a: string, b: string) =>
      csv(`FOMC Member Speaks,USD,02-05-2027,${a},Medium,,,`, `FOMC Member Speaks,USD,02-05-2027,${b},Medium,,,`);
    expect(await importCsv(day('9:00am', '1:00pm'))).toMatchObject({ inserted: 2, updated: 0 });
    expect(await importCsv(day('9:00am', '1:30pm'))).toMatchObject({ inserted: 0, updated: 2 });
    expect((await titled('FOMC Member Speaks')).map((e) => e.time)).toEqual([
      '2027-02-05T14:00:00.000Z',
      '2027-02-05T18:30:00.000Z',
    ]);
    // Another day, same title: a new event, not a move.
    expect(await importCsv(csv('FOMC Member Speaks,USD,02-06-2027,9:00am,Medium,,,'))).toMatchObject({ inserted: 1 });
    expect(await titled('FOMC Member Speaks')).toHaveLength(3);
  });
});
