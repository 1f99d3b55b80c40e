import { UNDELIVERED_MAILS_DAYS } from '@app/contracts/admin-users';
import type { DashboardParams, DashboardResponse } from '@app/contracts/dashboard';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { figuresOf } from './figures.ts';
import { figuresRepository as figures, type Span } from './figures.repository.ts';
import { liveRepository as live } from './live.repository.ts';
import { monthSpansIn } from './zone-months.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const RANGE_DAYS = { today: 1, '7d': 7, '30d': 30, '90d': 90 } as const;
/** Charts switch from days to months above this many days. */
const MAX_DAILY_BUCKETS = 92;
const LIST_SIZE = 10;
/**
 * The withdrawable trader share reads every funded, active account (their balances move with each
 * trade, so no aggregate keeps it): computed at most once per this many ms per server.
 */
export const LIABILITY_TTL_MS = 30_000;

export interface ResolvedRange {
  current: Span;
  previous: Span | null;
  bucket: 'day' | 'month';
}

export class DashboardService {
  private liabilityMemo: { at: number; value: Promise<{ accounts: number; cents: number }> } | null = null;

  constructor(private readonly deps: { db: Db; clock: Clock; currency: string }) {}

  private liability(now: number) {
    const memo = this.liabilityMemo;
    if (memo && now >= memo.at && now - memo.at < LIABILITY_TTL_MS) return memo.value;
    const value = live.liability(this.deps.db, this.deps.currency);
    this.liabilityMemo = { at: now, value };
    value.catch(() => {
      if (this.liabilityMemo?.value === value) this.liabilityMemo = null;
    });
    return value;
  }

  /**
   * The range as instants: days start at midnight in `tz`; a range that reaches today ends at the
   * end of the current hour (the buckets are hours), and the previous period is as long, just before.
   */
  async resolve(q: DashboardParams): Promise<ResolvedRange> {
    const { db, clock } = this.deps;
    const now = clock.now().getTime();
    const endOfHour = Math.floor(now / HOUR) * HOUR + HOUR;
    let from: number | null;
    let to = endOfHour;
    if (q.range === 'all') from = await figures.firstHour(db);
    else if (q.range === 'custom') {
      from = await live.midnightOf(db, q.from!, q.tz);
      to = await live.midnightOf(db, nextDay(q.to!), q.tz);
    } else from = await live.dayStart(db, now, q.tz, RANGE_DAYS[q.range] - 1);
    const previous = q.range === 'all' || from === null ? null : { from: from - (to - from), to: from };
    const days = from === null ? 0 : (to - from) / DAY;
    return { current: { from, to }, previous, bucket: days > MAX_DAILY_BUCKETS ? 'month' : 'day' };
  }

  async dashboard(q: DashboardParams): Promise<DashboardResponse> {
    const { db, clock, currency } = this.deps;
    const now = clock.now().getTime();
    // A zone the browser knows and the database does not (tz data of different ages) is bad input.
    const [todayStart, range] = await Promise.all([live.dayStart(db, now, q.tz, 0), this.resolve(q)]).catch(
      (err: unknown) => {
        const e = err as Error & { cause?: Error };
        if (/time zone/i.test(`${e?.message} ${e?.cause?.message}`))
          throw new AppError('VALIDATION_ERROR', 400, `tz: the time zone ${q.tz} is not known to the server`);
        throw err;
      },
    );
    const span = range.current;
    // The chart's buckets, days or months of the viewer's zone, every one listed so it has no gaps.
    const labels = span.from === null ? [] : labelsOf(span.from, span.to, q.tz, range.bucket);
    const buckets =
      range.bucket === 'day' || span.from === null
        ? { tz: q.tz }
        : { months: monthSpansIn(span.from, span.to, q.tz, labels) };
    const [
      current,
      previous,
      counts,
      liability,
      payouts,
      manual,
      failed,
      latestOrders,
      breachedToday,
      revenue,
      news,
      undeliveredMails,
    ] = await Promise.all([
      figures.period(db, span, currency),
      range.previous ? figures.period(db, range.previous, currency) : null,
      live.accountCounts(db),
      this.liability(now),
      live.openPayouts(db, now, LIST_SIZE),
      live.manualOrders(db, LIST_SIZE),
      live.failedPayments(db, now - 7 * DAY, 5),
      live.latestOrders(db, LIST_SIZE),
      live.breachedSince(db, todayStart, 20),
      figures.revenueSeries(db, span, currency, buckets),
      live.newsFeed(db),
      live.undeliveredMails(db, now - UNDELIVERED_MAILS_DAYS * DAY),
    ]);
    const byChallenge = current.byChallenge;
    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
    const activeByPhase = counts
      .filter((c) => c.status === 'active')
      .map(({ phaseKind, phaseIndex, count }) => ({ phaseKind, phaseIndex, count }));
    const byStatus = new Map<string, number>();
    for (const c of counts) byStatus.set(c.status, (byStatus.get(c.status) ?? 0) + c.count);
    return {
      currency,
      timeZone: q.tz,
      range: {
        key: q.range,
        from: iso(span.from),
        to: new Date(span.to).toISOString(),
        previousFrom: iso(range.previous?.from ?? null),
        previousTo: iso(range.previous?.to ?? null),
        bucket: range.bucket,
      },
      current: figuresOf(current),
      previous: previous ? figuresOf(previous) : null,
      now: {
        activeByPhase,
        accountsByStatus: [...byStatus.entries()].map(([status, count]) => ({ status, count })),
        fundedActive: liability.accounts,
        liabilityCents: liability.cents,
      },
      needsYou: {
        openPayouts: payouts.count,
        oldestPayouts: payouts.rows.slice(0, 3),
        manualOrders: manual.count,
        oldestManualOrders: manual.rows.slice(0, 3),
        failedPayments: failed.count,
        latestFailedPayments: failed.rows.slice(0, 3),
        newsFeed: news,
        undeliveredMails,
      },
      charts: {
        challenges: byChallenge.map((c) => ({ id: c.challengeId, name: c.name })),
        revenue: seriesOf(revenue, labels),
        ordersByChallenge: byChallenge.map((c) => ({
          challengeId: c.challengeId,
          name: c.name,
          paidOrders: c.paidCount,
          revenueCents: c.paidNetCents - c.refundedCents,
        })),
      },
      lists: { latestOrders, pendingPayouts: payouts.rows, breachedToday },
    };
  }
}

function nextDay(date: string): string {
  return new Date(Date.parse(date) + DAY).toISOString().slice(0, 10);
}

/** Every bucket label of [from, to) in `tz` (YYYY-MM-DD, or YYYY-MM by month), so the chart has no gaps. */
export function labelsOf(from: number, to: number, tz: string, bucket: 'day' | 'month'): string[] {
  const fmt = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' });
  const first = fmt.format(new Date(from));
  const last = fmt.format(new Date(to - 1));
  const labels: string[] = [];
  if (bucket === 'day') {
    for (let d = first; d <= last; d = nextDay(d)) labels.push(d);
  } else {
    for (let m = first.slice(0, 7); m <= last.slice(0, 7); m = nextMonth(m)) labels.push(m);
  }
  return labels;
}

function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

function seriesOf(rows: Array<{ bucket: string; challengeId: string; cents: number }>, labels: string[]) {
  const buckets = new Map<string, Record<string, number>>(labels.map((l) => [l, {}]));
  for (const r of rows) {
    const b = buckets.get(r.bucket) ?? {};
    b[r.challengeId] = (b[r.challengeId] ?? 0) + r.cents;
    buckets.set(r.bucket, b);
  }
  return [...buckets.entries()].map(([bucket, byChallenge]) => ({ bucket, byChallenge }));
}
