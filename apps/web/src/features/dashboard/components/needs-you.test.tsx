import type { DashboardResponse } from '@app/contracts/dashboard';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { I18nProvider } from '../../../i18n/i18n-provider';
import { loadMessages } from '../../../i18n/messages';
import { NeedsYou } from './needs-you';

type NewsFeed = DashboardResponse['needsYou']['newsFeed'];
const quiet = { failures: 0, lastFailureAt: null, lastError: null, lastGoodAt: null };

function renderNeeds(newsFeed: NewsFeed) {
  const data = {
    needsYou: {
      openPayouts: 0,
      oldestPayouts: [],
      manualOrders: 0,
      oldestManualOrders: [],
      failedPayments: 0,
      latestFailedPayments: [],
      newsFeed,
    },
  } as unknown as DashboardResponse;
  render(
    <I18nProvider initialLocale="en">
      <MantineProvider>
        <MemoryRouter>
          <NeedsYou data={data} />
        </MemoryRouter>
      </MantineProvider>
    </I18nProvider>,
  );
  return screen.getByTestId('needs-news');
}

describe('needs you: the news feed', () => {
  beforeAll(() => loadMessages('en'));

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
      lastError: 'HTTP 502',
      lastGoodAt: '2026-03-19T06:00:00.000Z',
    });
    expect(item.textContent).toContain('News feed fetches failing2');
    expect(item.textContent).toMatch(/Last failed .*2026.*: HTTP 502\. Members see the data fetched .*2026.*\./);
  });

  it('says so when no fetch has worked yet', () => {
    const item = renderNeeds({
      ...quiet,
      failures: 1,
      lastFailureAt: '2026-03-20T09:00:00.000Z',
      lastError: 'timeout',
    });
    expect(item.textContent).toMatch(/Last failed .*: timeout\. No fetch has worked yet\./);
  });
});
