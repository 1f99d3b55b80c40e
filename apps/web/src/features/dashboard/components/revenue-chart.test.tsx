import type { DashboardResponse } from '@app/contracts/dashboard';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../../i18n/locales';
import { loadMessages } from '../../../i18n/messages';
import { renderBlock } from '../../../test/render';
import { RevenueChart } from './revenue-chart';

const CHALLENGE = '7b0f5a8e-3c1d-4f2a-9e6b-1d2c3b4a5f60';

/** The chart's axis labels and bar tooltips for these buckets, in `locale`. */
function chart(buckets: string[], locale: Locale) {
  const data = {
    currency: 'EUR',
    charts: {
      challenges: [{ id: CHALLENGE, name: '100K Two-Step' }],
      revenue: buckets.map((bucket) => ({ bucket, byChallenge: { [CHALLENGE]: 123_400 } })),
      ordersByChallenge: [],
    },
  } as unknown as DashboardResponse;
  renderBlock(<RevenueChart data={data} />, { locale });
  const svg = screen.getByTestId('revenue-chart').querySelector('svg')!;
  return {
    axis: [...svg.querySelectorAll('text')].map((e) => e.textContent),
    tooltips: [...svg.querySelectorAll('title')].map((e) => e.textContent),
  };
}

describe('revenue chart labels', () => {
  beforeAll(async () => {
    await Promise.all((['de', 'ja'] as const).map((l) => loadMessages(l)));
  });

  it('names daily buckets by day and short month, the tooltip with weekday and year (German)', () => {
    const { axis, tooltips } = chart(['2026-03-05', '2026-03-06'], 'de');
    // The chart has no width under jsdom: only the first bucket gets an axis label.
    expect(axis[0]).toBe('5. März');
    expect(tooltips).toEqual(['Do., 5. März 2026: 1.234,00\u00a0€', 'Fr., 6. März 2026: 1.234,00\u00a0€']);
  });

  it('names monthly buckets by month and year (Japanese)', () => {
    const { axis, tooltips } = chart(['2025-12', '2026-01'], 'ja');
    expect(axis[0]).toBe('2025年12月');
    expect(tooltips[1]).toMatch(/^2026年1月: /);
  });
});
