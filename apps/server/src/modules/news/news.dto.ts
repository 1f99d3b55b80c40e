import type { NewsEvent, NewsImportRecord } from '@app/contracts/news';
import { feedFailureOf } from './news-feed.ts';
import type { NewsEventView, NewsImportRow } from './news.repository.ts';

export function toNewsEventDto(row: NewsEventView): NewsEvent {
  return {
    id: row.id,
    time: row.time.toISOString(),
    timeKind: row.timeKind,
    date: row.localDate,
    currency: row.currency,
    title: row.title,
    impact: row.impact,
    forecast: row.forecast,
    previous: row.previous,
    actual: row.actual,
    restricted: row.impact === 'high',
  };
}

export function toNewsImportDto(row: NewsImportRow): NewsImportRecord {
  return {
    id: row.id,
    source: row.source,
    status: row.status,
    fileName: row.fileName,
    inserted: row.inserted,
    updated: row.updated,
    skipped: row.skipped,
    error: row.error,
    failure: row.status === 'failed' ? feedFailureOf(row.error ?? '') : null,
    actorName: row.actorName,
    at: row.createdAt.toISOString(),
  };
}
