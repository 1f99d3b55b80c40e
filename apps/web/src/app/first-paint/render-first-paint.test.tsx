// The server's drawing of /accounts (decision 037): the app's own shell and page with the data,
// language, theme and settings it is given, and nothing of one visitor left for the next.
import type { User } from '@app/contracts/auth';
import { describe, expect, it } from 'vitest';
import { account, overview } from '../../features/accounts/test-fixtures';
import { getDisplayTimeZone } from '../../lib/format/display-zone';
import { renderFirstPaint, type FirstPaintInput } from './render-first-paint';

const user = (over: Partial<User>): User => ({
  id: 'u-1',
  email: 'mia@example.com',
  firstName: 'Mia',
  lastName: 'Novak',
  role: 'USER',
  status: 'active',
  createdAt: '2026-11-01T09:00:00.000Z',
  ...over,
});
const config = {
  faqUrl: 'https://example.com/faq',
  startChallengeUrl: '/start-challenge',
  geolocationUrl: 'https://example.com/geo',
  tradingDayTimeZone: 'Europe/Prague',
  demoMode: true,
  checkout: { providers: ['demo'], termsUrl: 'https://example.com/terms', sellerCountry: 'CZ' },
};
const input = (over: Partial<FirstPaintInput>): FirstPaintInput => ({
  path: '/accounts',
  user: user({}),
  bodies: {},
  storage: {},
  viewportWidth: 412,
  ...over,
});
const text = (html: string) => html.replace(/<style[^>]*>[\s\S]*?<\/style>/g, '').replace(/<[^>]+>/g, ' ');

describe('renderFirstPaint', () => {
  it("draws the member's accounts in their language, with their figures", async () => {
    const a = account({ id: 'acc-1', challengeName: '50K Two-Step', login: '70000001' });
    const html = await renderFirstPaint(
      input({
        bodies: {
          '/api/config': config,
          '/api/accounts': { accounts: [a] },
          '/api/accounts/acc-1': overview({ account: a }),
        },
        storage: { i18nConfig: JSON.stringify({ selectedLang: 'ja' }) },
      }),
    );
    const words = text(html);
    expect(html).toContain('data-testid="account-card"');
    expect(words).toContain('50K Two-Step');
    expect(words).toContain('ログイン 70000001');
    expect(words).toContain('口座');
    expect(words).toContain('$103,225.68');
    // The app's shell around it, signed in as the member.
    expect(html).toContain('data-testid="sidebar"');
    expect(words).toContain('Mia N.');
  });

  it('keeps nothing of one visitor for the next: data, language, zone, storage', async () => {
    localStorage.setItem('i18nConfig', JSON.stringify({ selectedLang: 'fr' }));
    const first = await renderFirstPaint(
      input({
        user: user({ firstName: 'Aiko', preferences: { timeZone: 'Asia/Tokyo' } }),
        bodies: { '/api/accounts': { accounts: [account({ id: 'a', challengeName: 'Alpha 10K' })] } },
        storage: { i18nConfig: JSON.stringify({ selectedLang: 'de' }) },
      }),
    );
    const second = await renderFirstPaint(
      input({
        user: user({ id: 'u-2', email: 'ben@example.com', firstName: 'Ben' }),
        bodies: { '/api/accounts': { accounts: [account({ id: 'b', challengeName: 'Beta 25K' })] } },
      }),
    );
    expect(text(first)).toContain('Alpha 10K');
    expect(text(first)).toContain('Konten');
    expect(text(second)).toContain('Beta 25K');
    expect(text(second)).not.toContain('Alpha 10K');
    expect(text(second)).not.toContain('Aiko');
    // The second visitor sent no language: English, not the first's German nor this page's French.
    expect(text(second)).toContain('Accounts');
    expect(text(second)).not.toContain('Konten');
    // The page's own storage and display zone are as they were.
    expect(localStorage.getItem('i18nConfig')).toBe(JSON.stringify({ selectedLang: 'fr' }));
    expect(getDisplayTimeZone()).toBeUndefined();
    localStorage.clear();
  });

  it('draws nothing for a path it does not draw', async () => {
    expect(await renderFirstPaint(input({ path: '/billing' as '/accounts' }))).toBe('');
  });
});
