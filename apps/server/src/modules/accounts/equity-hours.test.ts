// The hourly equity aggregates (decision 015): kept by the ingestion statement whatever the order
// and repetition of snapshots, equal to a rebuild from the snapshots, and the series read from them
// equal to the snapshots' own per-hour figures, partial hours at the range's edges included.
import type { IngestEventInput } from '@app/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { prng } from '../../lib/prng.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { createAccount, ev, ingest, setupWorld, type TradingWorld } from '../../../test/trading-fixtures.ts';
import { equityHoursRepository } from './equity-hours.repository.ts';

const HOUR = 3_600_000;
let t: TestContext;
let w: TradingWorld;
let account: { id: string; login: string };
interface Snap {
  time: number;
  balance: number;
  equity: number;
}
const snaps: Snap[] = [];
const START = Date.UTC(2026, 2, 2, 6);
const HOURS = 30;

beforeAll(async () => {
  t = await createTestApp({ env: { SESSION_IDLE_MINUTES: '43200', SESSION_ABSOLUTE_HOURS: '8760' } });
  w = await setupWorld(t);
  account = await createAccount(t, w);
  const rnd = prng(7);
  // Each hour's first snapshot within its first 4 minutes, then 2–6 more; equity wanders ±0.5 %.
  for (let h = 0; h < HOURS; h++) {
    const n = 3 + Math.floor(rnd() * 5);
    for (let i = 0; i < n; i++) {
      // Distinct times (a second apart at least), so 'the last' is never a tie.
      const minute = i === 0 ? Math.floor(rnd() * 4) : 5 + Math.floor(rnd() * 54);
      const time = START + h * HOUR + minute * 60_000 + i * 1000;
      snaps.push({ time, balance: 100_000_00, equity: 100_000_00 + Math.round((rnd() - 0.5) * 1_000_00) });
    }
  }
  // Sent shuffled (late snapshots land in hours already stored), in batches, some sent twice.
  const shuffled = snaps.map((s, i) => ({ s, i, k: rnd() })).sort((a, b) => a.k - b.k);
  const event = ({ s, i }: { s: Snap; i: number }): IngestEventInput =>
    ev.snapshot(`eq-${i}`, account.login, new Date(s.time).toISOString(), s.balance / 100, s.equity / 100);
  for (let b = 0; b < shuffled.length; b += 25) {
    const batch = shuffled.slice(b, b + 25);
    const repeat = b > 0 ? shuffled.slice(b - 5, b) : [];
    const res = await ingest(t, w.connectorKey, [...repeat, ...batch].map(event));
    expect(res.statusCode).toBe(200);
  }
});
afterAll(async () => {
  await t.close();
});

/** The expected per-hour figures of the snapshots in [from, to]. */
function expectedHours(from = -Infinity, to = Infinity) {
  const byHour = new Map<number, Snap[]>();
  for (const s of snaps) {
    if (s.time < from || s.time > to) continue;
    const h = Math.floor(s.time / HOUR) * HOUR;
    byHour.set(h, [...(byHour.get(h) ?? []), s]);
  }
  return [...byHour.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, list]) => {
      const last = list.reduce((a, b) => (b.time > a.time ? b : a));
      return {
        time: new Date(last.time),
        balanceCents: last.balance,
        equityCents: last.equity,
        minEquityCents: Math.min(...list.map((s) => s.equity)),
      };
    });
}

it('the kept hours equal a rebuild from the snapshots, whatever the order and repetition', async () => {
  const kept = await equityHoursRepository.list(t.database.db, account.id);
  expect(kept).toHaveLength(HOURS);
  expect(kept.reduce((n, h) => n + h.snapshots, 0)).toBe(snaps.length);
  await equityHoursRepository.rebuild(t.database.db, account.id);
  expect(await equityHoursRepository.list(t.database.db, account.id)).toEqual(kept);
});

it('the series from the hours: one point per hour, the last figures and the lowest equity', async () => {
  const series = await equityHoursRepository.fromHours(t.database.db, account.id, null, null, 500);
  expect(series.total).toBe(snaps.length);
  expect(series.points).toEqual(expectedHours());
});

it('partial hours at the edges of a range are read from their snapshots', async () => {
  const from = new Date(START + 3 * HOUR + 17 * 60_000 + 500);
  const to = new Date(START + 20 * HOUR + 41 * 60_000);
  const series = await equityHoursRepository.fromHours(t.database.db, account.id, from, to, 500);
  const expected = expectedHours(from.getTime(), to.getTime());
  expect(series.points).toEqual(expected);
  expect(series.total).toBe(snaps.filter((s) => s.time >= from.getTime() && s.time <= to.getTime()).length);
  // Aligned edges, and a range inside one hour.
  const aligned = await equityHoursRepository.fromHours(
    t.database.db,
    account.id,
    new Date(START + 2 * HOUR),
    new Date(START + 5 * HOUR),
    500,
  );
  expect(aligned.points).toEqual(expectedHours(START + 2 * HOUR, START + 5 * HOUR));
  const inside = await equityHoursRepository.fromHours(
    t.database.db,
    account.id,
    new Date(START + 7 * HOUR + 10 * 60_000),
    new Date(START + 7 * HOUR + 50 * 60_000),
    500,
  );
  expect(inside.points).toEqual(expectedHours(START + 7 * HOUR + 10 * 60_000, START + 7 * HOUR + 50 * 60_000));
});

it('fewer buckets than hours: each bucket keeps its lowest equity and its last figures', async () => {
  const series = await equityHoursRepository.fromHours(t.database.db, account.id, null, null, 5);
  expect(series.points.length).toBeLessThanOrEqual(5);
  const all = expectedHours();
  expect(Math.min(...series.points.map((p) => p.minEquityCents))).toBe(Math.min(...all.map((h) => h.minEquityCents)));
  expect(series.points.at(-1)).toMatchObject({ time: all.at(-1)!.time, equityCents: all.at(-1)!.equityCents });
});
