export const EQUITY_RANGES = ['1d', '1w', '1m', 'all'] as const;
export type EquityRange = (typeof EQUITY_RANGES)[number];

const DAY = 24 * 3_600_000;
const SPANS: Record<Exclude<EquityRange, 'all'>, number> = { '1d': DAY, '1w': 7 * DAY, '1m': 30 * DAY };

export const parseEquityRange = (value: string | null): EquityRange =>
  (EQUITY_RANGES as readonly string[]).includes(value ?? '') ? (value as EquityRange) : 'all';

/** Where the range starts (epoch ms), or null for the whole history. */
export const rangeStart = (range: EquityRange, now: number): number | null =>
  range === 'all' ? null : now - SPANS[range];
