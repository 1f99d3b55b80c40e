import type { DashboardResponse } from '@app/contracts/dashboard';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../i18n/messages';
import { renderBlock } from '../../../test/render';
import { NeedsYou } from './needs-you';

type NewsFeed = DashboardResponse['needsYou']['newsFeed'];
const quiet = { failures: 0, lastFailureAt: null, lastError: null, lastFailure: null, lastGoodAt: null };

function renderNeeds(newsFeed: NewsFeed, locale: 'en' | 'de' = 'en') {
  const data = {
    needsYou: {
      openPayouts: 0,
      oldestPayouts: [],
      manualOrders: 0,
      oldestManualOrders: [],
      failedPayments: 0,
      latestFailedPayments: [],
      newsFeed,
      undeliveredMails: { count: 0, refused: 0, oldestAt: null, lastError: null },
    },
  } as unknown as DashboardResponse;
  renderBlock(
    <MemoryRouter>
      <NeedsYou data={data} canResend={false} />
    </MemoryRouter>,
    { locale },
  );
  return screen.getByTestId('needs-news');
}

describe('needs you: the news feed', () => {
  beforeAll(async () => {
    await loadMessages('en');
    await loadMessages('de');
  });

  it('says all is well when no scheduled fetch failed since the last good one', () => {
    const item = renderNeeds(quiet);
    expect(item.textContent).toContain('News feed fetches failing0');
    expect(item.textContent).toContain('Every scheduled fetch since the last good one worked.');
    expect(item.querySelector('a')!.getAttribute('href')).toBe('/news-calendar-import');
  });

  it('counts the failures, names the latest reason and the data members see meanwhile', () => {
    const item = renderNeeds({
      failures: 2,
      lastFailureAt: '2026-03-20T09:00:00.000Z',
      lastError: 'HTTP 502 from the feed',
      lastFailure: { kind: 'http_status', status: 502 },
      lastGoodAt: '2026-03-19T06:00:00.000Z',
    });
    expect(item.textContent).toContain('News feed fetches failing2');
    expect(item.textContent).toMatch(
      /Last failed .*2026.*: the feed answered with HTTP status 502\. Members see the data fetched .*2026.*\./,
    );
  });

  it("names the reason in the reader's language, not the server's English", () => {
    const item = renderNeeds(
      {
        failures: 1,
        lastFailureAt: '2026-03-20T09:00:00.000Z',
        lastError: 'Unreachable: connect ECONNREFUSED 127.0.0.1:9',
        lastFailure: { kind: 'unreachable', status: null },
        lastGoodAt: '2026-03-19T06:00:00.000Z',
      },
      'de',
    );
    expect(item.textContent).toMatch(/Zuletzt fehlgeschlagen .*: der Feed war nicht erreichbar\. Mitglieder sehen/);
    expect(item.textContent).not.toContain('Unreachable');
  });

  it('says so when no fetch has worked yet', () => {
    const item = renderNeeds({
      ...quiet,
      failures: 1,
      lastFailureAt: '2026-03-20T09:00:00.000Z',
      lastError: 'timeout',
      lastFailure: { kind: 'unknown', status: null },
    });
    expect(item.textContent).toMatch(
      /Last failed .*: the fetch failed for an unrecognised reason\. No fetch has worked yet\./,
    );
  });
});
