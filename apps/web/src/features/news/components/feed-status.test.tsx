import type { NewsImportRecord } from '@app/contracts/news';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../../i18n/locales';
import { loadMessages } from '../../../i18n/messages';
import { renderBlock } from '../../../test/render';
import { FeedStatus } from './feed-status';

const fetch = (over: Partial<NewsImportRecord>): NewsImportRecord => ({
  id: 'f1',
  source: 'feed',
  status: 'ok',
  fileName: 'feed.test/calendar.json',
  inserted: 10,
  updated: 0,
  skipped: 0,
  error: null,
  failure: null,
  actorName: null,
  at: '2026-11-23T10:00:00.000Z',
  ...over,
});

function failureText(failed: Partial<NewsImportRecord>, locale: Locale): string | null {
  const lastFetch = fetch({ id: 'f2', status: 'failed', inserted: 0, at: '2026-11-23T11:00:00.000Z', ...failed });
  renderBlock(<FeedStatus status={{ feedConfigured: true, lastFetch, lastGoodFetch: fetch({}), recent: [] }} />, {
    locale,
  });
  return screen.getByTestId('news-feed-failure').textContent;
}

describe('feed status: why the last fetch failed', () => {
  beforeAll(async () => {
    await Promise.all((['fr', 'ja'] as const).map((l) => loadMessages(l)));
  });

  it('translates the failure kind, with the HTTP status (French)', () => {
    const text = failureText({ error: 'HTTP 503 from the feed', failure: { kind: 'http_status', status: 503 } }, 'fr');
    expect(text).toBe('Raison\u202f: le flux a répondu avec le statut HTTP 503.');
  });

  it('never shows the stored English reason (Japanese)', () => {
    const text = failureText(
      { error: 'Unreachable: connect ECONNREFUSED 127.0.0.1:9', failure: { kind: 'unreachable', status: null } },
      'ja',
    );
    expect(text).toBe('理由：フィードに接続できませんでした。');
  });
});
