import type { TradingAccount } from '@app/contracts/trading';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../i18n/messages';
import { setDisplayTimeZone } from '../../../lib/format/display-zone';
import { mockFetch } from '../../../test/render';
import { account, overview, renderBlock } from '../test-fixtures';
import { BreachReport } from './breach-report';

type Breach = NonNullable<TradingAccount['breach']>;
const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** The demo's failed 25K One-Step, as the API stores its breach. */
const dailyBreach: Breach = {
  rule: 'daily_loss',
  at: '2026-11-11T16:00:00.000Z',
  equityCents: 2_372_864,
  levelCents: 2_411_035,
  balanceCents: 2_487_864,
  openPositions: 3,
  dayStartCents: 2_511_035,
  dayKey: '2026-11-11',
  formula: {
    base: 'day_start',
    baseCents: 2_511_035,
    limitBps: 400,
    initialCents: 2_500_000,
    text: 'equity 23,728.64 < day start 25,110.35 − 4.00 % × initial 25,000.00 = 24,110.35',
  },
};

function show(breach: Breach, rules: Partial<ReturnType<typeof overview>['rules']> = {}, initialCents = 2_500_000) {
  const o = overview({
    account: account({
      id: 'acc-1',
      challengeName: '25K One-Step',
      login: '50000004',
      phaseCount: 2,
      evaluationPhaseCount: 1,
      status: 'failed',
      initialBalanceCents: initialCents,
      breach,
    }),
    rules: { ...overview().rules, maxDailyLossBps: 400, maxLossBps: 600, ...rules },
  });
  mockFetch({
    'GET /api/accounts/acc-1/breach': () => ({
      status: 200,
      body: {
        breach,
        equityPath: [
          { time: '2026-11-11T14:30:00.000Z', balanceCents: 2_487_864, equityCents: 2_487_781 },
          { time: breach.at, balanceCents: breach.balanceCents, equityCents: breach.equityCents },
        ],
        currency: 'USD',
        timeZone: 'Europe/Prague',
      },
    }),
  });
  return renderBlock(<BreachReport overview={o} />);
}

/** A time-limit failure of a 100K phase with a 10 % target, its balance at the target unless `over` says. */
const timeLimitBreach = (over: Partial<Breach>): Breach => ({
  rule: 'time_limit',
  at: '2026-11-30T23:00:00.000Z',
  equityCents: 11_050_000,
  levelCents: 11_000_000,
  balanceCents: 11_050_000,
  openPositions: 0,
  dayStartCents: null,
  dayKey: '2026-12-01',
  formula: {
    base: 'profit_target',
    baseCents: 11_000_000,
    limitBps: 1000,
    initialCents: 10_000_000,
    text: 'not passed by the deadline: …',
  },
  ...over,
});

describe('breach report in plain words', () => {
  beforeAll(() => loadMessages('en'));

  it('"Your time" is the display zone chosen on the profile, not the browser’s; the rule zone stays', () => {
    // The browser's zone under test is UTC; the person chose Tokyo.
    setDisplayTimeZone('Asia/Tokyo');
    show(dailyBreach);
    expect(screen.getByTestId('breach-local-time').textContent).toBe('12 Nov 2026, 01:00:00 GMT+9');
    expect(screen.getByTestId('breach-time').textContent).toBe('11 Nov 2026, 17:00:00 CET');
  });

  it('max daily loss: when, equity, how far below which level, set by what, positions open', async () => {
    show(dailyBreach);
    expect(plain(screen.getByTestId('breach-sentence').textContent)).toBe(
      'Max daily loss: on 11 Nov 2026 at 17:00:00 CET equity was US$23,728.64, 381.71 below the level of ' +
        '24,110.35 set by the day’s start balance of 25,110.35; 3 positions open.',
    );
    // The level's formula with the breach's numbers, and the engine's own record of it, verbatim.
    expect(plain(screen.getByTestId('breach-formula').textContent)).toBe(
      'daily level = day-start balance 25,110.35 − 4% × initial 25,000.00 = 24,110.35; equity 23,728.64 < level 24,110.35',
    );
    expect(screen.getByTestId('breach-recorded').textContent).toBe(dailyBreach.formula!.text);
    expect(screen.getByTestId('breach-time').textContent).toBe('11 Nov 2026, 17:00:00 CET');
    expect(screen.getByTestId('breach-level').textContent).toBe('US$24,110.35');
    // The equity path is drawn against the crossed level.
    await waitFor(() => expect(screen.getByTestId('breach-chart')).toBeTruthy());
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      'Equity from US$24,877.81 at 11 Nov 2026, 15:30 CET down to US$23,728.64 at the breach, against the level of US$24,110.35',
    );
  });

  it('a day base of the higher of balance and equity says so', () => {
    show(dailyBreach, { dailyLossBase: 'max_balance_equity' });
    expect(screen.getByTestId('breach-sentence').textContent).toContain(
      'set by the day’s start value (the higher of balance and equity) of 25,110.35',
    );
  });

  it('max loss, static: the initial balance sets the level; one position open', () => {
    show(
      {
        rule: 'max_loss',
        at: '2026-07-01T08:30:05.000Z',
        equityCents: 8_999_999,
        levelCents: 9_000_000,
        balanceCents: 9_100_000,
        openPositions: 1,
        dayStartCents: 9_200_000,
        dayKey: '2026-07-01',
        formula: {
          base: 'initial',
          baseCents: 10_000_000,
          limitBps: 1000,
          initialCents: 10_000_000,
          text: 'equity 89,999.99 < initial 100,000.00 − 10.00 % × initial 100,000.00 = 90,000.00',
        },
      },
      {},
      10_000_000,
    );
    expect(plain(screen.getByTestId('breach-sentence').textContent)).toBe(
      'Max loss: on 1 Jul 2026 at 10:30:05 CEST equity was US$89,999.99, 0.01 below the level of 90,000.00 ' +
        'set by the initial balance of 100,000.00; 1 position open.',
    );
  });

  it('max loss, trailing: the highest end-of-day balance sets the level', () => {
    show(
      {
        rule: 'max_loss',
        at: '2026-07-01T08:30:05.000Z',
        equityCents: 10_199_000,
        levelCents: 10_200_000,
        balanceCents: 10_199_000,
        openPositions: 0,
        dayStartCents: 10_400_000,
        dayKey: '2026-07-01',
        formula: {
          base: 'highest_eod_balance',
          baseCents: 11_200_000,
          limitBps: 1000,
          initialCents: 10_000_000,
          text: 'equity 101,990.00 < highest end-of-day balance 112,000.00 − 10.00 % × initial 100,000.00 = 102,000.00',
        },
      },
      { drawdownType: 'eod_trailing' },
      10_000_000,
    );
    expect(screen.getByTestId('breach-sentence').textContent).toContain(
      '10.00 below the level of 102,000.00 set by the highest end-of-day balance of 112,000.00; no positions open.',
    );
  });

  it('time limit: the balance short of the target at the deadline', () => {
    show(timeLimitBreach({ equityCents: 10_400_000, balanceCents: 10_400_000 }), {}, 10_000_000);
    expect(plain(screen.getByTestId('breach-sentence').textContent)).toBe(
      'Time limit: the phase ended on 1 Dec 2026 at 00:00:00 CET with the balance at US$104,000.00, ' +
        '6,000.00 short of the target balance of 110,000.00.',
    );
  });
});

describe('time limit with the target balance reached', () => {
  beforeAll(() => loadMessages('en'));

  it('names the position still open, and the formula says the balance was at the target', () => {
    show(timeLimitBreach({ openPositions: 1, tradingDays: 5 }), {}, 10_000_000);
    expect(plain(screen.getByTestId('breach-sentence').textContent)).toBe(
      'Time limit: the phase ended on 1 Dec 2026 at 00:00:00 CET with the balance at US$110,500.00, at the target ' +
        'balance of 110,000.00, but with 1 position open: the target counts once every position is closed.',
    );
    expect(plain(screen.getByTestId('breach-formula').textContent)).toContain(
      '+ 10% × initial 100,000.00 = 110,000.00; balance 110,500.00 ≥ 110,000.00',
    );
  });

  it('names the trading days missing', () => {
    show(timeLimitBreach({ tradingDays: 2 }), { minTradingDays: 4 }, 10_000_000);
    expect(plain(screen.getByTestId('breach-sentence').textContent)).toContain(
      'but after 2 trading days of the 4 required.',
    );
  });

  it('an older breach that recorded 0 % reads the phase’s target percentage', () => {
    show(
      timeLimitBreach({ balanceCents: 10_400_000, formula: { ...timeLimitBreach({}).formula!, limitBps: 0 } }),
      {},
      10_000_000,
    );
    expect(plain(screen.getByTestId('breach-formula').textContent)).toContain('+ 10% × initial');
  });
});

describe('breach report in another language', () => {
  beforeAll(() => loadMessages('fr'));

  it('French: words and number marks of the language, same figures', () => {
    const breach = dailyBreach;
    const o = overview({
      account: account({ id: 'acc-1', status: 'failed', initialBalanceCents: 2_500_000, breach }),
      rules: { ...overview().rules, maxDailyLossBps: 400 },
    });
    mockFetch({
      'GET /api/accounts/acc-1/breach': () => ({
        status: 200,
        body: { breach, equityPath: [], currency: 'USD', timeZone: 'Europe/Prague' },
      }),
    });
    renderBlock(<BreachReport overview={o} />, { locale: 'fr' });
    expect(plain(screen.getByTestId('breach-sentence').textContent)).toBe(
      'Perte journalière maximale : le 11 nov. 2026 à 17:00:00 UTC+1, l’equity était de 23 728,64 $US, soit 381,71 ' +
        'sous le seuil de 24 110,35 fixé par le solde de début de journée de 25 110,35 ; 3 positions ouvertes.',
    );
  });
});
