import type { MantineColorsTuple } from '@mantine/core';

function hexToRgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function mix(a: [number, number, number], b: [number, number, number], t: number): string {
  const c = a.map((v, i) => Math.round(v + (b[i]! - v) * t));
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** Ten Mantine shades around a brand colour (shade 6 is the colour itself). */
export function shadesOf(hex: string): MantineColorsTuple {
  const base = hexToRgb(hex);
  const white: [number, number, number] = [255, 255, 255];
  const black: [number, number, number] = [0, 0, 0];
  return [
    mix(base, white, 0.9),
    mix(base, white, 0.78),
    mix(base, white, 0.62),
    mix(base, white, 0.45),
    mix(base, white, 0.28),
    mix(base, white, 0.12),
    hex.toLowerCase(),
    mix(base, black, 0.12),
    mix(base, black, 0.24),
    mix(base, black, 0.36),
  ] as unknown as MantineColorsTuple;
}

/** The colour mixed towards black by `amount` (0–1): readable brand text on light backgrounds. */
export function darken(hex: string, amount: number): string {
  return mix(hexToRgb(hex), [0, 0, 0], amount);
}
