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
