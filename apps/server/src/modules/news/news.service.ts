import {
  NEWS_CSV_DEFAULT_ZONE,
  NEWS_IMPORT_MAX_BYTES,
  type NewsImportParams,
  type NewsImportPreview,
  type NewsImportStatus,
  type NewsWeekParams,
} from '@app/contracts/news';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Principal } from '../../plugins/access.ts';
import { recordAudit } from '../audit/index.ts';
import { toNewsEventDto, toNewsImportDto } from './news.dto.ts';
import { fetchFeed } from './news-feed.ts';
import {
  importError,
  parseNewsCsv,
  parseNewsJson,
  titleKey,
  type ParsedNewsRow,
  type ParseResult,
} from './news-parse.ts';
import { newsRepository } from './news.repository.ts';
import { planReschedules } from './news-reschedule.ts';
import { localDateOf } from '@app/contracts/time-zones';
import { WeekCache } from './week-cache.ts';

type ImportRequest = NewsImportParams;

const RECENT_IMPORTS = 10;

export class NewsService {
  /** The week answers of this instance (decision 025); `register` keeps it in step with writes elsewhere. */
  readonly weeks: WeekCache;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly options: { feedUrl?: string; fetchImpl?: typeof fetch; weekCacheMs?: number },
  ) {
    this.weeks = new WeekCache(options.weekCacheMs ?? 0, () => clock.now().getTime());
  }

  /**
   * The member's week (or any range up to 31 days), filtered, with the range's currencies for the
   * filter: the answer as JSON text (`NewsWeekResponse`), built by the database.
   */
  async weekText(q: NewsWeekParams): Promise<string> {
    const from = new Date(q.from);
    const to = new Date(q.to);
    const impact = q.impact?.length ? [...new Set(q.impact)].sort() : undefined;
    const currency = q.currency?.length ? [...new Set(q.currency)].sort() : undefined;
    // The range's days in the viewer's zone: where events without a time are taken from.
    const lastDay = localDateOf(to.getTime() - 1, q.timeZone);
    const days = { from: localDateOf(from.getTime(), q.timeZone), to: nextDay(lastDay) };
    const key = JSON.stringify([from.getTime(), to.getTime(), days, impact ?? [], currency ?? []]);
    return this.weeks.get(key, () => newsRepository.weekText(this.db, { from, to, days, impact, currency }));
  }

  async nextRestricted() {
    const row = await newsRepository.nextHigh(this.db, this.clock.now());
    return { event: row ? toNewsEventDto(row) : null };
  }

  /** High-impact events in [from, to]: what the restricted-news check takes as its input. */
  async highImpactBetween(from: Date, to: Date) {
    const rows = await newsRepository.highBetween(this.db, from, to);
    return rows.map((r) => ({ id: r.id, time: r.time.getTime(), currency: r.currency, title: r.title }));
  }

  /** Parsed rows and row-level errors; nothing stored. */
  async preview(req: ImportRequest): Promise<NewsImportPreview> {
    const parsed = parseRequest(req);
    const { matched: existing } = planReschedules(parsed.rows, await newsRepository.storedNear(this.db, parsed.rows));
    return {
      rows: parsed.rows.map(({ time, localDate, ...r }) => ({ ...r, time: time.toISOString(), date: localDate })),
      errors: parsed.errors,
      existing,
    };
  }

  /**
   * Stores the file's valid rows (upsert on the natural key: a re-imported week is updated, never
   * doubled); rows with errors are skipped and counted. A file without one valid row changes nothing.
   */
  async commit(actor: Principal, req: ImportRequest) {
    const parsed = parseRequest(req);
    if (parsed.rows.length === 0) {
      const first = parsed.errors[0];
      throw new AppError(
        'VALIDATION_ERROR',
        400,
        first ? `No event to import: line ${first.line}, ${first.field}: ${first.message}` : 'No event to import',
      );
    }
    const now = this.clock.now();
    const id = await this.db.transaction(async (tx) => {
      const counts = await storeRows(tx, parsed.rows, 'upload', now);
      const record = {
        source: 'upload' as const,
        status: 'ok' as const,
        fileName: req.fileName,
        ...counts,
        skipped: countSkipped(parsed),
        actorId: actor.userId,
        createdAt: now,
      };
      const importId = await newsRepository.recordImport(tx, record);
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'news.import',
        targetType: 'news_import',
        targetId: importId,
        after: {
          format: req.format,
          fileName: req.fileName,
          timeZone: req.timeZone,
          ...counts,
          skipped: record.skipped,
        },
        at: now,
      });
      return importId;
    });
    this.weeks.forget();
    return { import: toNewsImportDto((await newsRepository.findImport(this.db, id))!) };
  }

  async status(): Promise<NewsImportStatus> {
    const [lastFetch, lastGoodFetch, recent] = await Promise.all([
      newsRepository.lastFetch(this.db, false),
      newsRepository.lastFetch(this.db, true),
      newsRepository.recentImports(this.db, RECENT_IMPORTS),
    ]);
    return {
      feedConfigured: !!this.options.feedUrl,
      lastFetch: lastFetch ? toNewsImportDto(lastFetch) : null,
      lastGoodFetch: lastGoodFetch ? toNewsImportDto(lastGoodFetch) : null,
      recent: recent.map(toNewsImportDto),
    };
  }

  /**
   * The scheduled fetch of NEWS_FEED_URL. A good file is upserted like an upload; a failure (down,
   * non-200, garbage) stores nothing but the failure, so members keep the last good data and staff
   * see why. Safe to run twice (the upsert is idempotent). Nothing to do without a feed URL.
   */
  async fetchCalendar(): Promise<'ok' | 'failed' | 'off'> {
    const url = this.options.feedUrl;
    if (!url) return 'off';
    const result = await fetchFeed(url, NEWS_CSV_DEFAULT_ZONE, this.options.fetchImpl);
    const now = this.clock.now();
    const fileName = feedName(url);
    if (!result.ok) {
      await newsRepository.recordImport(this.db, {
        source: 'feed',
        status: 'failed',
        fileName,
        error: result.error.slice(0, 500),
        createdAt: now,
      });
      return 'failed';
    }
    const rows = dedupe(result.parsed);
    await this.db.transaction(async (tx) => {
      const counts = await storeRows(tx, rows, 'feed', now);
      await newsRepository.recordImport(tx, {
        source: 'feed',
        status: 'ok',
        fileName,
        ...counts,
        skipped: countSkipped(result.parsed),
        createdAt: now,
      });
    });
    this.weeks.forget();
    return 'ok';
  }

  /** Demo mode: the given rows (the current week) stored as a 'demo' import, once per week. */
  async seedDemo(rows: ParsedNewsRow[], weekStart: Date, weekEnd: Date): Promise<boolean> {
    if (await newsRepository.anyBetween(this.db, weekStart, weekEnd)) return false;
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const counts = await storeRows(tx, rows, 'demo', now);
      await newsRepository.recordImport(tx, {
        source: 'demo',
        status: 'ok',
        fileName: 'demo',
        ...counts,
        createdAt: now,
      });
    });
    this.weeks.forget();
    return true;
  }
}

/**
 * An import's rows stored: events whose time changed moved first (news-reschedule.ts), then the
 * upsert on the natural key, which counts them as updated. One import at a time, so two imports of
 * one week cannot both add an event the other moved.
 */
async function storeRows(tx: Tx, rows: ParsedNewsRow[], source: string, now: Date) {
  await newsRepository.lockImports(tx);
  const { moves } = planReschedules(rows, await newsRepository.storedNear(tx, rows));
  await newsRepository.moveEvents(tx, moves, now);
  return newsRepository.upsert(tx, rows, source, now);
}

/** The day after a 'YYYY-MM-DD' day. */
function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

function parseRequest(req: ImportRequest): ParseResult {
  if (Buffer.byteLength(req.content, 'utf8') > NEWS_IMPORT_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', 413, `The file is larger than 10 MB (${NEWS_IMPORT_MAX_BYTES} bytes)`);
  }
  const parsed = req.format === 'json' ? parseNewsJson(req.content) : parseNewsCsv(req.content, req.timeZone);
  const rows = dedupe(parsed);
  return { rows, errors: parsed.errors.sort((a, b) => a.line - b.line) };
}

/**
 * Rows with the natural key of an earlier row of the same file are reported (and dropped): one
 * statement cannot update a row twice, and the file is ambiguous about which is right.
 */
function dedupe(parsed: ParseResult): ParsedNewsRow[] {
  const seen = new Map<string, number>();
  const rows: ParsedNewsRow[] = [];
  for (const r of parsed.rows) {
    const key = `${r.currency}|${titleKey(r.title)}|${r.time.getTime()}`;
    const first = seen.get(key);
    if (first !== undefined) {
      const message = `Same currency, title and time as line ${first}`;
      parsed.errors.push(importError(r.line, 'row', 'duplicate', message, { line: first }));
      continue;
    }
    seen.set(key, r.line);
    rows.push(r);
  }
  return rows;
}

function countSkipped(parsed: ParseResult): number {
  return new Set(parsed.errors.filter((e) => e.line > 0).map((e) => e.line)).size;
}

/** The feed's file name for the import list (no query string: it may carry a key). */
function feedName(url: string): string {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname}`.slice(0, 200);
  } catch {
    return 'feed';
  }
}
