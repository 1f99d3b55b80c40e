import type { AccountOverview, AccountStatus, TradingAccount } from '@app/contracts/trading';
import { cleanup, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../i18n/messages';
import type { Locale } from '../../../i18n/locales';
import { account, overview, renderBlock } from '../test-fixtures';
import { ObjectivesBlock } from './objectives-block';

type Objective = AccountOverview['objectives'][number];
type Statuses = Partial<Record<Objective['rule'], Objective['status']>>;

/** The fixture's 100K phase 1 with a time limit, its account in `status`, each rule as the server reports it. */
function show(status: AccountStatus, statuses: Statuses, extra: Partial<TradingAccount> = {}, locale: Locale = 'en') {
  const base = overview();
  const timeLimit: Objective = { rule: 'time_limit', unit: 'days', limit: 30, current: 28, status: 'in_progress' };
  const objectives = [...base.objectives, timeLimit].map((x) => ({ ...x, status: statuses[x.rule] ?? x.status }));
  renderBlock(<ObjectivesBlock overview={{ ...base, account: account({ status, ...extra }), objectives }} />, {
    locale,
  });
}

/** Each rule's status as the desktop column reads it. */
const statusOf = (rule: Objective['rule']) =>
  within(screen.getByTestId(`objective-${rule}`)).getByTestId('objective-status').textContent;
const allStatuses = () =>
  (['profit_target', 'min_trading_days', 'max_daily_loss', 'max_loss', 'time_limit'] as const).map(statusOf);

const failedOnMaxLoss: Partial<TradingAccount> = {
  endedAt: '2026-11-20T14:00:00.000Z',
  breach: {
    rule: 'max_loss',
    at: '2026-11-20T14:00:00.000Z',
    equityCents: 8_999_000,
    levelCents: 9_000_000,
    balanceCents: 9_050_000,
    openPositions: 1,
    dayStartCents: 9_400_000,
    dayKey: '2026-11-20',
    formula: null,
  },
};

describe('objectives: what each rule’s status reads', () => {
  beforeAll(() => Promise.all([loadMessages('en'), loadMessages('fr')]));

  it('a running account: targets passed or in progress, limits in progress', () => {
    show('active', {});
    expect(allStatuses()).toEqual(['In progress', 'Passed', 'In progress', 'In progress', 'In progress']);
  });

  it('counts down to the deadline only while the account runs', () => {
    show('active', {});
    expect(screen.getByTestId('deadline').textContent).toBe('This phase has no time limit.');
    for (const status of ['passed', 'failed', 'closed'] as const) {
      cleanup();
      show(status, {});
      expect(screen.queryByTestId('deadline')).toBeNull();
    }
  });

  it('a passed account: its loss and time limits read "Respected", not "Passed"', () => {
    // The engine reports every rule of a passed account as "passed".
    show('passed', {
      profit_target: 'passed',
      max_daily_loss: 'passed',
      max_loss: 'passed',
      time_limit: 'passed',
    });
    expect(allStatuses()).toEqual(['Passed', 'Passed', 'Respected', 'Respected', 'Respected']);
  });

  it('a failed account: the breached limit reads "Breached", the untouched ones "Respected", none "In progress"', () => {
    show('failed', { profit_target: 'failed', max_loss: 'failed' }, failedOnMaxLoss);
    expect(allStatuses()).toEqual(['Failed', 'Passed', 'Respected', 'Breached', 'Respected']);
  });

  it('the loss at a max-loss breach is measured from the level’s base: the initial balance, or the trailing high', () => {
    const atBreach = () => within(screen.getByTestId('objective-max_loss')).getByText(/^at the breach:/).textContent;
    show('failed', { max_loss: 'failed' }, failedOnMaxLoss);
    expect(atBreach()).toBe('at the breach: US$10,010.00');
    cleanup();
    // Trailing: the highest end-of-day balance was 106,000, so the level stood at 96,000.
    const trailing = { ...failedOnMaxLoss.breach!, levelCents: 9_600_000, equityCents: 9_599_000 };
    show('failed', { max_loss: 'failed' }, { ...failedOnMaxLoss, breach: trailing });
    expect(atBreach()).toBe('at the breach: US$10,010.00');
  });

  it('a failed account whose target the server left in progress reads it failed', () => {
    show('failed', { max_loss: 'failed' }, failedOnMaxLoss);
    expect(statusOf('profit_target')).toBe('Failed');
  });

  it('a closed account: a target not reached reads "Not reached", the limits "Respected"', () => {
    show('closed', {}, { endedAt: '2026-11-20T14:00:00.000Z' });
    expect(allStatuses()).toEqual(['Not reached', 'Passed', 'Respected', 'Respected', 'Respected']);
  });

  it('in French, a passed account’s maximum loss is "Respecté", its profit target "Validé"', () => {
    show('passed', { profit_target: 'passed', max_daily_loss: 'passed', max_loss: 'passed' }, {}, 'fr');
    expect(statusOf('max_loss')).toBe('Respecté');
    expect(statusOf('profit_target')).toBe('Validé');
  });

  it('in French, a breached maximum loss reads "Enfreint"', () => {
    show('failed', { profit_target: 'failed', max_loss: 'failed' }, failedOnMaxLoss, 'fr');
    expect(statusOf('max_loss')).toBe('Enfreint');
    expect(statusOf('max_daily_loss')).toBe('Respecté');
  });
});
