import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../../i18n/locales';
import { loadMessages } from '../../../i18n/messages';
import { renderBlock } from '../../../test/render';
import { EligibilityCard } from './eligibility-card';
import { eligibility } from '../test-fixtures';

const e = eligibility({
  eligible: false,
  checks: [
    { key: 'funded_active', ok: true, phaseKind: 'funded', status: 'active' },
    { key: 'no_open_positions', ok: false, openPositions: 2 },
  ],
});

const line = (key: string) => screen.getByTestId(`payout-check-${key}`).textContent;

describe('EligibilityCard checklist', () => {
  beforeAll(() => Promise.all((['en', 'fr', 'zh'] as const).map((l) => loadMessages(l))));

  it.each([
    ['en', 'Funded and active account — met: the account is funded and active'],
    ['fr', ' — rempli\u202f: '],
    ['zh', ' — 已满足：'],
  ] as const)('%s: each check says met or not, then why, with the language’s colon', (locale: Locale, text) => {
    renderBlock(<EligibilityCard e={e} />, { locale });
    expect(line('funded_active')).toContain(text);
  });

  it('an unmet check says so, then what is missing', () => {
    renderBlock(<EligibilityCard e={e} />);
    expect(line('no_open_positions')).toBe('No open positions — not met: 2 positions are still open: close them first');
  });
});

describe('EligibilityCard with a request still open', () => {
  beforeAll(() => Promise.all((['en', 'de'] as const).map((l) => loadMessages(l))));

  const pending = eligibility({
    eligible: false,
    reservedCents: 1_234_50,
    checks: [
      { key: 'funded_active', ok: true, phaseKind: 'funded', status: 'active' },
      { key: 'no_open_positions', ok: false, openPositions: 1 },
      {
        key: 'no_open_request',
        ok: false,
        openPayoutId: 'p1',
        openStatus: 'requested',
        openAmountCents: 1_234_50,
      },
    ],
  });

  it.each([
    ['en', 'US$1,234.50'],
    ['de', '1.234,50\u00a0$'],
  ] as const)('%s: shows the pending amount as reserved and offers no amount to request', (locale: Locale, amount) => {
    renderBlock(<EligibilityCard e={pending} onRequest={() => {}} />, { locale });
    expect(screen.getByTestId('payout-reserved').textContent).toBe(amount);
    // The server refuses a second open request: the full share is not offered again.
    expect(screen.getByTestId('payout-available').textContent).not.toContain('4');
    expect(screen.getByTestId('payout-request-button').hasAttribute('disabled')).toBe(true);
    // The open request is the reason, even when another check fails too.
    expect(screen.getByTestId('payout-blocked-reason').textContent).toContain(amount);
    expect(line('no_open_request')).toContain(amount);
  });

  it('shows the whole share and no reserved amount when no request is open', () => {
    renderBlock(<EligibilityCard e={eligibility({ reservedCents: 0 })} onRequest={() => {}} />);
    expect(screen.getByTestId('payout-available').textContent).toBe('US$4,000.00');
    expect(screen.queryByTestId('payout-reserved')).toBeNull();
  });
});
