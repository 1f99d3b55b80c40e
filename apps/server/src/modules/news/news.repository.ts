import type { NewsImpact } from '@app/contracts/news';
import { and, asc, desc, eq, gt, gte, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { newsEvents, newsImports, users } from '../../db/schema/index.ts';
import { titleKey, type ParsedNewsRow } from './news-parse.ts';

export type NewsEventRow = typeof newsEvents.$inferSelect;
export type NewsImportRow = typeof newsImports.$inferSelect & { actorName: string | null };

const eventColumns = {
  id: newsEvents.id,
  time: newsEvents.time,
  timeKind: newsEvents.timeKind,
  currency: newsEvents.currency,
  title: newsEvents.title,
  impact: newsEvents.impact,
  forecast: newsEvents.forecast,
  previous: newsEvents.previous,
  actual: newsEvents.actual,
};
export type NewsEventView = Pick<NewsEventRow, keyof typeof eventColumns>;

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
    let inserted = 0;
    let updated = 0;
    for (let i = 0; i < rows.length; i += CHUNK) {
      const values = rows.slice(i, i + CHUNK).map((r) => ({
        time: r.time,
        timeKind: r.timeKind,
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

  /** How many of `rows` are stored already (same natural key): one range read, compared here. */
  async countExisting(db: Db | Tx, rows: ParsedNewsRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    let min = Infinity;
    let max = -Infinity;
    for (const r of rows) {
      min = Math.min(min, r.time.getTime());
      max = Math.max(max, r.time.getTime());
    }
    const stored = await db
      .select({ currency: newsEvents.currency, titleKey: newsEvents.titleKey, time: newsEvents.time })
      .from(newsEvents)
      .where(and(gte(newsEvents.time, new Date(min)), lte(newsEvents.time, new Date(max))));
    const keys = new Set(stored.map((s) => `${s.currency}|${s.titleKey}|${s.time.getTime()}`));
    return rows.filter((r) => keys.has(`${r.currency}|${titleKey(r.title)}|${r.time.getTime()}`)).length;
  },

  /** Events in [from, to), filtered; an `ALL` event matches any currency filter. Ordered by time. */
  async week(
    db: Db | Tx,
    q: { from: Date; to: Date; impact?: NewsImpact[]; currency?: string[] },
  ): Promise<NewsEventView[]> {
    // Only what the member sees: narrower rows are cheaper to read and to send.
    return db
      .select(eventColumns)
      .from(newsEvents)
      .where(
        and(
          gte(newsEvents.time, q.from),
          lt(newsEvents.time, q.to),
          q.impact?.length ? inArray(newsEvents.impact, q.impact) : undefined,
          q.currency?.length ? inArray(newsEvents.currency, [...q.currency, 'ALL']) : undefined,
        ),
      )
      .orderBy(asc(newsEvents.time), asc(newsEvents.currency), asc(newsEvents.titleKey));
  },

  /** The currencies with an event in [from, to). */
  async currencies(db: Db | Tx, from: Date, to: Date): Promise<string[]> {
    const rows = await db
      .selectDistinct({ currency: newsEvents.currency })
      .from(newsEvents)
      .where(and(gte(newsEvents.time, from), lt(newsEvents.time, to)))
      .orderBy(asc(newsEvents.currency));
    return rows.map((r) => r.currency);
  },

  /** The first high-impact event after `now` (the partial index on high-impact times). */
  async nextHigh(db: Db | Tx, now: Date): Promise<NewsEventRow | undefined> {
    const [row] = await db
      .select()
      .from(newsEvents)
      .where(and(eq(newsEvents.impact, 'high'), gt(newsEvents.time, now)))
      .orderBy(asc(newsEvents.time))
      .limit(1);
    return row;
  },

  /** High-impact events in [from, to] (inclusive): the restricted-news check's input. */
  async highBetween(db: Db | Tx, from: Date, to: Date): Promise<NewsEventRow[]> {
    return db
      .select()
      .from(newsEvents)
      .where(and(eq(newsEvents.impact, 'high'), gte(newsEvents.time, from), lte(newsEvents.time, to)))
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
