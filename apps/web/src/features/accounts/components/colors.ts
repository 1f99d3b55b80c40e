import type { GaugeTone } from '../model/limits';

/**
 * Text colours readable on the cards in both themes (accounts.module.css `.area` defines them per
 * colour scheme, at 4.5:1 or better); bars use Mantine's plain colours.
 */
export const GAUGE_COLORS: Record<GaugeTone, { bar: string; text: string }> = {
  ok: { bar: 'teal', text: 'var(--acc-up)' },
  warn: { bar: 'orange', text: 'var(--acc-warn)' },
  danger: { bar: 'red', text: 'var(--acc-down)' },
};

/** Profit green, loss red, zero the text colour. */
export const resultColor = (cents: number): string | undefined =>
  cents > 0 ? 'var(--acc-up)' : cents < 0 ? 'var(--acc-down)' : undefined;
