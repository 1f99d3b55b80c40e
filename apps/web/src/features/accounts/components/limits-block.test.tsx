import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../i18n/messages';
import { overview, renderBlock, withEquity } from '../test-fixtures';
import { LimitsBlock } from './limits-block';

const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');
// 100K, 5 % daily (day start 103,225.68 → level 98,225.68; allowance 5,000.00), 10 % max (level 90,000.00).
const base = overview();

describe('limits left', () => {
  beforeAll(() => loadMessages('en'));

  it('shows the money left, the level and the formula with today’s numbers', () => {
    renderBlock(<LimitsBlock overview={base} />);
    expect(plain(screen.getByTestId('limit-daily-left').textContent)).toBe('US$5,152.16 left today');
    expect(plain(screen.getByTestId('limit-daily-formula').textContent)).toBe(
      'daily level = day-start balance 103,225.68 − 5% × initial 100,000.00 = 98,225.68',
    );
    expect(plain(screen.getByTestId('limit-daily-level').textContent)).toBe(
      'Breached if equity goes below US$98,225.68 (5.15% of the initial balance left)',
    );
    expect(plain(screen.getByTestId('limit-max-left').textContent)).toBe('US$13,377.84 left');
    expect(plain(screen.getByTestId('limit-max-formula').textContent)).toBe(
      'max-loss level = initial 100,000.00 − 10% × initial 100,000.00 = 90,000.00',
    );
  });

  it.each([
    // equity → daily room of the 5,000.00 allowance
    [10_322_568, 'ok', '100%'], // 5,000.00 left (all of it)
    [9_947_568, 'ok', '25%'], // 1,250.00 left: exactly 25 % is not yet amber
    [9_947_567, 'warn', '25%'], // 1,249.99 left: under 25 % → amber
    [9_872_568, 'warn', '10%'], // 500.00 left: exactly 10 % is amber, not red
    [9_872_567, 'danger', '10%'], // 499.99 left: under 10 % → red
    [9_822_568, 'danger', '0%'], // on the level: 0.00 left, not yet breached
  ] as const)('equity %i: the daily gauge is %s (%s of the allowance left)', (equity, tone, percent) => {
    renderBlock(<LimitsBlock overview={withEquity(base, equity)} />);
    const gauge = screen.getByTestId('limit-daily');
    expect(gauge.getAttribute('data-tone')).toBe(tone);
    expect(plain(gauge.textContent)).toContain(`${percent} of the allowance left`);
  });

  it('the max-loss gauge has its own tone: amber under 25 % of 10,000.00 left, red under 10 %', () => {
    renderBlock(<LimitsBlock overview={withEquity(base, 9_240_000)} />); // 2,400.00 left of 10,000.00
    expect(screen.getByTestId('limit-max').getAttribute('data-tone')).toBe('warn');
    expect(screen.getByTestId('limit-daily').getAttribute('data-tone')).toBe('danger');
  });

  it('says so when the max-loss level is closer than the daily one: what can be lost today is the smaller room', () => {
    renderBlock(<LimitsBlock overview={base} />);
    expect(screen.queryByTestId('limit-today-bound')).toBeNull();
    // A day that started in profit: 5,152.16 of daily room, but only 3,000.00 above the max-loss level.
    const closer = { ...base, limits: { ...base.limits, maxLoss: { ...base.limits.maxLoss, roomCents: 300_000 } } };
    renderBlock(<LimitsBlock overview={closer} />);
    expect(plain(screen.getByTestId('limit-today-bound').textContent)).toBe(
      'The max loss level is closer: at most US$3,000.00 can be lost today.',
    );
  });

  it('never shows money left below zero once a level is crossed', () => {
    renderBlock(<LimitsBlock overview={withEquity(base, 9_800_000)} />); // 225.68 below the daily level
    expect(screen.getByTestId('limit-daily-left').textContent).toBe('Level crossed');
    expect(screen.getByTestId('limit-daily').textContent).not.toMatch(/[-−]US\$/);
    expect(plain(screen.getByTestId('limit-daily-level').textContent)).toContain('(0% of the initial balance left)');
    expect(plain(screen.getByTestId('limit-max-left').textContent)).toBe('US$8,000.00 left');
  });

  it('trailing max loss: the level follows the highest end-of-day balance until it locks', () => {
    const trailing = overview({
      rules: { ...base.rules, drawdownType: 'eod_trailing' },
      limits: { ...base.limits, maxLoss: { levelCents: 9_400_000, roomCents: 937_784, roomBps: 937 } },
    });
    renderBlock(<LimitsBlock overview={trailing} />);
    expect(plain(screen.getByTestId('limit-max-formula').textContent)).toBe(
      'max-loss level = min(initial 100,000.00, highest end-of-day balance 104,000.00 − 10% × initial 100,000.00) = 94,000.00',
    );
  });
});
