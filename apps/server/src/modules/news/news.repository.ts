import type { NewsImpact } from '@app/contracts/news';
import { and, asc, desc, eq, gt, gte, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { NEWS_CHANGES_CHANNEL } from './week-cache.ts';
import { newsEvents, newsImports, users } from '../../db/schema/index.ts';
import { titleKey, type ParsedNewsRow } from './news-parse.ts';
import type { EventMove, StoredEventKey } from './news-reschedule.ts';

export type NewsEventRow = typeof newsEvents.$inferSelect;
export type NewsImportRow = typeof newsImports.$inferSelect & { actorName: string | null };

/** An event as members see it. */
export type NewsEventView = Pick<
  NewsEventRow,
  'id' | 'time' | 'timeKind' | 'localDate' | 'currency' | 'title' | 'impact' | 'forecast' | 'previous' | 'actual'
>;

const CHUNK = 1000;

const importColumns = {
  id: newsImports.id,
  source: newsImports.source,
  status: newsImports.status,
  fileName: newsImports.fileName,
  inserted: newsImports.inserted,
  updated: newsImports.updated,
  skipped: newsImports.skipped,
  error: newsImports.error,
  actorId: newsImports.actorId,
  createdAt: newsImports.createdAt,
  actorName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
};

export const newsRepository = {
  /**
   * Inserts or updates on the natural key (currency, title key, minute); `actual` is kept when the
   * new row has none. Returns how many rows were new and how many updated.
   */
  async upsert(tx: Db | Tx, rows: ParsedNewsRow[], source: string, at: Date) {
    // Every instance forgets its cached weeks when this transaction commits (decision 025).
    await tx.execute(sql`select pg_notify(${NEWS_CHANGES_CHANNEL}, '')`);
    let inserted = 0;
    let updated = 0;
    for (let i = 0; i < rows.length; i += CHUNK) {
      const values = rows.slice(i, i + CHUNK).map((r) => ({
        time: r.time,
        timeKind: r.timeKind,
        localDate: r.localDate,
        currency: r.currency,
        title: r.title,
        titleKey: titleKey(r.title),
        impact: r.impact,
        forecast: r.forecast,
        previous: r.previous,
        source,
        createdAt: at,
        updatedAt: at,
      }));
      const result = await tx
        .insert(newsEvents)
        .values(values)
        .onConflictDoUpdate({
          target: [newsEvents.currency, newsEvents.titleKey, newsEvents.time],
          set: {
            title: sql`excluded.title`,
            timeKind: sql`excluded.time_kind`,
            localDate: sql`excluded.local_date`,
            impact: sql`excluded.impact`,
            forecast: sql`excluded.forecast`,
            previous: sql`excluded.previous`,
            actual: sql`case when excluded.actual = '' then ${newsEvents.actual} else excluded.actual end`,
            source: sql`excluded.source`,
            updatedAt: sql`excluded.updated_at`,
          },
        })
        // xmax = 0 on a row this statement inserted; an updated row carries this transaction's id.
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      for (const r of result) if (r.inserted) inserted++;
      updated += result.length - result.filter((r) => r.inserted).length;
    }
    return { inserted, updated };
  },

  /**
   * Stored events that may be `rows` at another time: two days either side of the rows' times (an
   * event's day in its source's zone starts within 14 hours of any instant of that day).
   */
  async storedNear(db: Db | Tx, rows: ParsedNewsRow[]): Promise<StoredEventKey[]> {
    if (rows.length === 0) return [];
    let min = Infinity;
    let max = -Infinity;
    for (const r of rows) {
      min = Math.min(min, r.time.getTime());
      max = Math.max(max, r.time.getTime());
    }
    const margin = 2 * 86_400_000;
    return db
      .select({
        id: newsEvents.id,
        time: newsEvents.time,
        currency: newsEvents.currency,
        titleKey: newsEvents.titleKey,
        localDate: newsEvents.localDate,
      })
      .from(newsEvents)
      .where(and(gte(newsEvents.time, new Date(min - margin)), lte(newsEvents.time, new Date(max + margin))));
  },

  /** Gives stored events their new time (news-reschedule.ts), in one statement. */
  async moveEvents(tx: Db | Tx, moves: EventMove[], at: Date): Promise<void> {
    if (moves.length === 0) return;
    const values = sql.join(
      moves.map((m) => sql`(${m.id}::uuid, ${m.time.toISOString()}::timestamptz, ${m.timeKind}, ${m.localDate}::date)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${newsEvents} e set "time" = v.t, time_kind = v.k, local_date = v.d, updated_at = ${at.toISOString()}::timestamptz
      from (values ${values}) as v(id, t, k, d) where e.id = v.id`);
  },

  /** One import at a time (a feed fetch and an upload of the same week), until the transaction ends. */
  async lockImports(tx: Tx): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('news_import'))`);
  },

  /**
   * The week's answer as the API sends it, JSON text built by the database in one statement: the
   * range, the filtered events and the range's currencies before the filters (the time index serves
   * both). The server passes the text on untouched: decoding ~500 events, checking them against the
   * schema and encoding them again cost the route most of its throughput (decision 025).
   */
  async weekText(
    db: Db | Tx,
    q: { from: Date; to: Date; days: { from: string; to: string }; impact?: NewsImpact[]; currency?: string[] },
  ): Promise<string> {
    // An event with a time by its instant; one without by its day (`days`: the range's days in the
    // viewer's zone, to exclusive). Both within two days of the range, where the time index finds them.
    const margin = 2 * 86_400_000;
    const inRange = sql`${newsEvents.time} >= ${new Date(q.from.getTime() - margin).toISOString()}::timestamptz
      and ${newsEvents.time} < ${new Date(q.to.getTime() + margin).toISOString()}::timestamptz
      and case when ${newsEvents.timeKind} = 'exact'
        then ${newsEvents.time} >= ${q.from.toISOString()}::timestamptz and ${newsEvents.time} < ${q.to.toISOString()}::timestamptz
        else ${newsEvents.localDate} >= ${q.days.from}::date and ${newsEvents.localDate} < ${q.days.to}::date end`;
    const impact = q.impact?.length
      ? sql` and ${newsEvents.impact} in (${sql.join(
          q.impact.map((i) => sql`${i}`),
          sql`, `,
        )})`
      : sql``;
    const currency = q.currency?.length
      ? sql` and ${newsEvents.currency} in (${sql.join(
          [...q.currency, 'ALL'].map((c) => sql`${c}`),
          sql`, `,
        )})`
      : sql``;
    const result = await db.execute<{ week: string }>(sql`
      select json_build_object(
        'from', ${q.from.toISOString()}::text,
        'to', ${q.to.toISOString()}::text,
        'events', (select coalesce(json_agg(json_build_object(
            'id', id,
            'time', to_char("time" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
            'timeKind', time_kind, 'date', to_char(local_date, 'YYYY-MM-DD'), 'currency', currency, 'title', title, 'impact', impact,
            'forecast', forecast, 'previous', previous, 'actual', actual, 'restricted', impact = 'high'
          ) order by "time", currency, title_key), '[]')
          from ${newsEvents} where ${inRange}${impact}${currency}),
        'currencies', (select coalesce(json_agg(c order by c), '[]')
          from (select distinct currency as c from ${newsEvents} where ${inRange}) d))::text as week`);
    return (result as unknown as { rows: { week: string }[] }).rows[0]!.week;
  },

  /**
   * The first high-impact event after `now` (the partial index on high-impact times). Only events
   * with a time: an all-day or tentative one is stored at its day's start, which is no release time
   * to count down to or to trade around.
   */
  async nextHigh(db: Db | Tx, now: Date): Promise<NewsEventRow | undefined> {
    const [row] = await db
      .select()
      .from(newsEvents)
      .where(and(eq(newsEvents.impact, 'high'), eq(newsEvents.timeKind, 'exact'), gt(newsEvents.time, now)))
      .orderBy(asc(newsEvents.time))
      .limit(1);
    return row;
  },

  /**
   * High-impact events with a time in [from, to] (inclusive): the restricted-news check's input. A
   * violation is evidence in payout review, so an event whose time is not known flags no trade.
   */
  async highBetween(db: Db | Tx, from: Date, to: Date): Promise<NewsEventRow[]> {
    return db
      .select()
      .from(newsEvents)
      .where(
        and(
          eq(newsEvents.impact, 'high'),
          eq(newsEvents.timeKind, 'exact'),
          gte(newsEvents.time, from),
          lte(newsEvents.time, to),
        ),
      )
      .orderBy(asc(newsEvents.time));
  },

  async recordImport(tx: Db | Tx, row: typeof newsImports.$inferInsert) {
    const [saved] = await tx.insert(newsImports).values(row).returning({ id: newsImports.id });
    return saved!.id;
  },

  async findImport(db: Db | Tx, id: string): Promise<NewsImportRow | undefined> {
    const [row] = await db
      .select(importColumns)
      .from(newsImports)
      .leftJoin(users, eq(users.id, newsImports.actorId))
      .where(eq(newsImports.id, id));
    return row;
  },

  async recentImports(db: Db | Tx, limit: number): Promise<NewsImportRow[]> {
    return db
      .select(importColumns)
      .from(newsImports)
      .leftJoin(users, eq(users.id, newsImports.actorId))
      .orderBy(desc(newsImports.createdAt), desc(newsImports.id))
      .limit(limit);
  },

  /** The latest feed fetch, or the latest good one. */
  async lastFetch(db: Db | Tx, onlyOk: boolean): Promise<NewsImportRow | undefined> {
    const [row] = await db
      .select(importColumns)
      .from(newsImports)
      .leftJoin(users, eq(users.id, newsImports.actorId))
      .where(and(eq(newsImports.source, 'feed'), onlyOk ? eq(newsImports.status, 'ok') : undefined))
      .orderBy(desc(newsImports.createdAt), desc(newsImports.id))
      .limit(1);
    return row;
  },

  /** Whether any event exists in [from, to) (the demo seed fills an empty week only). */
  async anyBetween(db: Db | Tx, from: Date, to: Date): Promise<boolean> {
    const [row] = await db
      .select({ id: newsEvents.id })
      .from(newsEvents)
      .where(or(and(gte(newsEvents.time, from), lt(newsEvents.time, to))))
      .limit(1);
    return !!row;
  },
};
