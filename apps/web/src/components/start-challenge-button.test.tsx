import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../i18n/messages';
import { mockFetch, renderRoutes } from '../test/render';
import { StartChallengeButton } from './start-challenge-button';

const config = (startChallengeUrl: string) => ({
  faqUrl: 'https://example.com/faq',
  startChallengeUrl,
  geolocationUrl: 'x',
  tradingDayTimeZone: 'UTC',
  demoMode: true,
  checkout: { providers: ['demo'], termsUrl: 'https://example.com/terms', sellerCountry: 'CZ' },
});

async function buttonFor(url: string) {
  const calls = mockFetch({ 'GET /api/config': () => ({ status: 200, body: config(url) }) });
  renderRoutes([{ path: '/', element: <StartChallengeButton data-testid="start" /> }], '/');
  // The button follows the configuration once it has arrived.
  await expect.poll(() => calls.some((c) => c.url.endsWith('/api/config'))).toBe(true);
  await expect.poll(() => screen.getByTestId('start').getAttribute('href')).toBe(url);
  return screen.getByTestId('start');
}

describe('Start Challenge', () => {
  beforeAll(() => loadMessages('en'));

  it('the platform’s own catalogue opens in the app', async () => {
    const button = await buttonFor('/start-challenge');
    expect(button.getAttribute('target')).toBeNull();
  });

  it('a firm’s external shop opens in a new tab', async () => {
    const button = await buttonFor('https://shop.example.com/challenges');
    expect(button.getAttribute('target')).toBe('_blank');
    expect(button.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
