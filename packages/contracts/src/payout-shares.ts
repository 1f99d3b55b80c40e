// How a payout splits the profit it is paid from, the same on the server and in the browser (the
// member sees before confirming what staff will pay). Integer cents; exact (BigInt) at any size.

/** The trader's share of `profitCents` at `splitBps`, rounded down to the cent. */
export function traderShare(profitCents: number, splitBps: number): number {
  if (profitCents <= 0 || splitBps <= 0) return 0;
  return Number((BigInt(profitCents) * BigInt(splitBps)) / 10_000n);
}

/**
 * The profit withdrawn for a trader's `amountCents`: the amount plus the firm's share of the same
 * profit, i.e. amount ÷ split rounded up, never more than the profit; the whole profit when the
 * whole share is asked for, so no cent of it is left on the account (1,001 at 80 %: 800 for the
 * trader, 201 for the firm, as the checklist shows it).
 */
export function grossFor(amountCents: number, profitCents: number, splitBps: number): number {
  if (splitBps <= 0) return 0;
  if (amountCents === traderShare(profitCents, splitBps)) return profitCents;
  const gross = (BigInt(amountCents) * 10_000n + BigInt(splitBps) - 1n) / BigInt(splitBps);
  return Math.min(Number(gross), Math.max(profitCents, amountCents));
}
