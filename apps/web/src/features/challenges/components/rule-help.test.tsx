import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../i18n/messages';
import { renderBlock } from '../../../test/render';
import { newEvaluationPhase, newFundedPhase, type PhaseForm } from '../model/challenge-form';
import { eodTrailingExample } from '../model/drawdown-example';
import { PhaseEditor } from './phase-editor';
import { DrawdownHelp } from './rule-help';

const wrap = (children: React.ReactNode) => renderBlock(children);

const trailing = (maxLoss: number): PhaseForm => ({ ...newEvaluationPhase(), drawdownType: 'eod_trailing', maxLoss });

describe('the eod-trailing worked example', () => {
  beforeAll(() => loadMessages('en'));

  it('follows the engine: high − max loss, capped at the initial balance', () => {
    // 10 % of 100,000: a day closed at 104,000 lifts the floor from 90,000 to 94,000.
    expect(eodTrailingExample(100_000_00, 10)).toEqual({
      floorCents: 90_000_00,
      highCents: 104_000_00,
      raisedCents: 94_000_00,
    });
    // 3 %: 104,000 − 3,000 would be 101,000, above the initial balance; the engine locks it at 100,000.
    expect(eodTrailingExample(100_000_00, 3)).toEqual({
      floorCents: 97_000_00,
      highCents: 104_000_00,
      raisedCents: 100_000_00,
    });
  });

  it('shows those numbers and says the floor never goes above the initial balance', () => {
    const { unmount } = wrap(<DrawdownHelp phase={trailing(10)} accountSize={100_000} currency="USD" />);
    const wide = screen.getByTestId('drawdown-help').textContent ?? '';
    expect(wide).toContain('starts at US$90,000.00');
    expect(wide).toContain('say US$104,000.00');
    expect(wide).toContain('never above the initial balance US$100,000.00: here US$94,000.00');
    unmount();

    wrap(<DrawdownHelp phase={trailing(3)} accountSize={100_000} currency="USD" />);
    const tight = screen.getByTestId('drawdown-help').textContent ?? '';
    expect(tight).toContain('starts at US$97,000.00');
    expect(tight).toContain('here US$100,000.00');
    expect(tight).not.toContain('101,000');
  });
});

describe('the phase editor', () => {
  beforeAll(() => loadMessages('en'));

  const editor = (phase: PhaseForm) =>
    wrap(
      <PhaseEditor
        phase={phase}
        index={0}
        evaluationNumber={1}
        accountSize={100_000}
        currency="USD"
        errors={{}}
        readOnly={false}
        canMoveUp={false}
        canMoveDown={false}
        canRemove={false}
        onChange={() => {}}
        onMove={() => {}}
        onRemove={() => {}}
      />,
    );
  /** The help text Mantine ties to a phase field's input (aria-describedby). */
  const helpOf = (field: string) => {
    const input = screen.getByTestId(`phase-0-${field}`);
    const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
    return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
  };

  it('explains every rule of an evaluation phase', () => {
    const { unmount } = editor(newEvaluationPhase());
    expect(helpOf('profitTarget')).toMatch(/initial balance plus this share of it, with no open positions/);
    expect(helpOf('maxDailyLoss')).toMatch(/below where the trading day started/);
    expect(helpOf('maxLoss')).toMatch(/below the initial balance minus this share of it/);
    expect(helpOf('minTradingDays')).toMatch(/at least one trade opened/);
    expect(helpOf('maxDays')).toMatch(/no time limit/);
    unmount();
  });

  it('explains the payout rules of the funded phase', () => {
    editor(newFundedPhase());
    expect(helpOf('profitSplit')).toMatch(/share of the profit above the initial balance/);
    expect(helpOf('minPayout')).toMatch(/smallest payout a trader can ask for/);
    expect(helpOf('payoutIntervalDays')).toMatch(/from the first trade, then from the last paid payout/);
  });
});
