import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../../i18n/locales';
import { loadMessages } from '../../../i18n/messages';
import { mockFetch } from '../../../test/render';
import { overview, renderBlock } from '../test-fixtures';
import { DailySummary } from './daily-summary';

const o = overview();
const day = {
  day: '2026-11-23',
  trades: 3,
  lots: 1.5,
  resultCents: 15_216,
  startBalanceCents: 10_307_352,
  endBalanceCents: 10_322_568,
  startEquityCents: 10_307_352,
  endEquityCents: 10_337_784,
  minEquityCents: 10_290_000,
};

async function cellIn(locale: Locale) {
  mockFetch({
    [`GET /api/accounts/${o.account.id}/daily`]: () => ({
      status: 200,
      body: { days: [day], currency: 'USD', timeZone: 'Europe/Prague' },
    }),
  });
  renderBlock(<DailySummary overview={o} month={null} onMonth={() => {}} />, { locale });
  return (await screen.findByTestId('daily-cell')).textContent ?? '';
}

describe('DailySummary calendar', () => {
  beforeAll(() => Promise.all((['en', 'fr', 'zh'] as const).map((l) => loadMessages(l))));

  // The day's name is for screen readers ("23 Nov 2026: +US$152.16"), written as the language writes it.
  it.each([
    ['en', '23 Nov 2026: '],
    ['fr', '23 nov. 2026\u202f: '],
    ['zh', '2026年11月23日： '],
  ] as const)('%s: names the day of each cell with the language’s colon', async (locale: Locale, named) => {
    const text = await cellIn(locale);
    expect(text).toContain(named);
  });
});
