import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../i18n/messages';
import { overview, renderBlock } from '../test-fixtures';
import { whatIf } from '../model/limits';
import { WhatIf } from './what-if';

const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');
// Equity 103,377.84; daily level 98,225.68 (5,152.16 left); max level 90,000.00 (13,377.84 left).
const o = overview();

function lose(amount: string) {
  fireEvent.change(screen.getByTestId('what-if-input'), { target: { value: amount } });
}

describe('what if I lose X more', () => {
  beforeAll(() => loadMessages('en'));

  it('the engine’s comparison: equity strictly below a level breaks it', () => {
    expect(whatIf(o, 515_216).breaks).toBeNull(); // equity lands exactly on the daily level
    expect(whatIf(o, 515_217).breaks).toBe('daily_loss'); // one cent more
    expect(whatIf(o, 1_337_785).breaks).toBe('max_loss'); // both crossed: max loss is reported
    expect(whatIf(o, 1_337_785).daily.breaks).toBe(true);
    expect(whatIf(o, 0).safeLossCents).toBe(515_216);
  });

  it('says the most that can be lost now, then which limit an amount would break', () => {
    renderBlock(<WhatIf overview={o} />);
    expect(plain(screen.getByText(/You can lose up to/).textContent)).toBe(
      'You can lose up to US$5,152.16 more right now without a breach.',
    );

    lose('5152.16');
    let result = screen.getByTestId('what-if-result');
    expect(result.getAttribute('data-breaks')).toBe('none');
    expect(plain(result.textContent)).toContain('Both limits would hold');
    expect(plain(screen.getByTestId('what-if-daily').textContent)).toBe('Max daily loss: holds, US$0.00 would be left');

    lose('6000');
    result = screen.getByTestId('what-if-result');
    expect(result.getAttribute('data-breaks')).toBe('daily_loss');
    expect(plain(result.textContent)).toContain('The account would fail: Max daily loss');
    expect(plain(result.textContent)).toContain('Equity would be US$97,377.84.');
    expect(plain(screen.getByTestId('what-if-daily').textContent)).toBe(
      'Max daily loss: breached (equity below US$98,225.68)',
    );
    expect(plain(screen.getByTestId('what-if-max').textContent)).toBe('Max loss: holds, US$7,377.84 would be left');

    lose('20000');
    result = screen.getByTestId('what-if-result');
    expect(result.getAttribute('data-breaks')).toBe('max_loss');
    expect(plain(screen.getByTestId('what-if-max').textContent)).toBe('Max loss: breached (equity below US$90,000.00)');
  });
});
