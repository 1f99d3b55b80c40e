import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../i18n/locales';
import { loadMessages } from '../../i18n/messages';
import { mockFetch, renderBlock } from '../../test/render';
import { NextRestrictedCountdown } from './next-restricted-countdown';

const NOW = '2026-11-23T10:00:00.000Z';
const HOUR = 3_600_000;

/** The countdown to an event `ms` after NOW, in `locale`; resolves to the clock's text. */
async function countdownTo(ms: number, locale: Locale): Promise<string | null> {
  const event = {
    id: 'e1',
    time: new Date(Date.parse(NOW) + ms).toISOString(),
    timeKind: 'exact',
    currency: 'USD',
    title: 'Prelim GDP q/q',
    impact: 'high',
    forecast: '',
    previous: '',
    actual: '',
    restricted: true,
  };
  mockFetch({ 'GET /api/news/next-restricted': () => ({ status: 200, body: { event } }) });
  renderBlock(<NextRestrictedCountdown timeZone="UTC" />, { locale });
  return (await screen.findByTestId('next-restricted-clock')).textContent;
}

describe('the next restricted event countdown', () => {
  beforeAll(async () => {
    await Promise.all((['en', 'de', 'ja'] as const).map((l) => loadMessages(l)));
  });
  afterEach(() => vi.useRealTimers());

  const twoDaysAndABit = 2 * 24 * HOUR + 3 * HOUR + 4 * 60_000 + 5_000;

  it.each([
    ['en', '2 days 03:04:05'],
    ['de', '2 Tage 03:04:05'],
    ['ja', '2日 03:04:05'],
  ] as const)("names the days in the reader's language (%s)", async (locale, text) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(NOW));
    expect(await countdownTo(twoDaysAndABit, locale)).toBe(text);
  });

  it('says one day in the singular', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(NOW));
    expect(await countdownTo(24 * HOUR + 1_000, 'de')).toBe('1 Tag 00:00:01');
  });

  it('shows only the clock within a day', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(NOW));
    expect(await countdownTo(23 * HOUR + 59 * 60_000, 'de')).toBe('23:59:00');
  });
});
