/** The worked example's good day: it closes this much above the initial balance. */
const UP_DAY_BPS = 400;

export interface EodTrailingExample {
  /** Where the max-loss limit starts: initial − max loss. */
  floorCents: number;
  /** The balance at the close of the good day, a new high. */
  highCents: number;
  /** Where that day lifts the limit: high − max loss, never above the initial balance. */
  raisedCents: number;
}

/**
 * The "eod trailing" worked example, computed as the engine does (apps/server/src/engine/rules.ts,
 * maxLossLevelScaled): the floor is min(initial, highest end-of-day balance − maxLoss% × initial),
 * the allowed loss rounded down to the cent. With a small max loss one good day reaches the cap,
 * so the example must show it rather than a floor above the initial balance.
 */
export function eodTrailingExample(initialCents: number, maxLossPercent: number): EodTrailingExample {
  const maxLossBps = Math.round(maxLossPercent * 100);
  const lossCents = Math.floor((initialCents * maxLossBps) / 10_000);
  const highCents = Math.round((initialCents * (10_000 + UP_DAY_BPS)) / 10_000);
  return {
    floorCents: initialCents - lossCents,
    highCents,
    raisedCents: Math.min(initialCents, highCents - lossCents),
  };
}
