import { describe, expect, it } from 'vitest';
import { deltaBps, rangeFromSearch, rangeToSearch } from './range';

describe('dashboard range in the URL', () => {
  it('reads a preset, a custom span, and falls back to 30 days', () => {
    expect(rangeFromSearch(new URLSearchParams('range=7d'))).toEqual({ range: '7d' });
    expect(rangeFromSearch(new URLSearchParams('range=custom&from=2026-03-01&to=2026-03-09'))).toEqual({
      range: 'custom',
      from: '2026-03-01',
      to: '2026-03-09',
    });
    expect(rangeFromSearch(new URLSearchParams('range=custom&from=2026-03-09&to=2026-03-01'))).toEqual({
      range: '30d',
    });
    expect(rangeFromSearch(new URLSearchParams('range=year'))).toEqual({ range: '30d' });
    expect(rangeToSearch({ range: 'custom', from: '2026-03-01', to: '2026-03-09' }).toString()).toBe(
      'range=custom&from=2026-03-01&to=2026-03-09',
    );
  });

  it('compares with the previous period', () => {
    expect(deltaBps(150, 100)).toBe(5000);
    expect(deltaBps(50, 100)).toBe(-5000);
    expect(deltaBps(0, 0)).toBe(0);
    expect(deltaBps(10, 0)).toBeNull();
    expect(deltaBps(10, null)).toBeNull();
  });
});
