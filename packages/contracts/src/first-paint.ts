import { z } from 'zod';
import type { User } from './auth.ts';
import {
  FIRST_PAINT_MAX_STORED,
  FIRST_PAINT_MAX_STORED_CHARS,
  FIRST_PAINT_PATHS,
  STORAGE_KEYS,
  type FirstPaintPath,
} from './constants.ts';
import { isTimeZoneName } from './dashboard.ts';
import { safeText } from './text.ts';

export { FIRST_PAINT_PATHS, type FirstPaintPath } from './constants.ts';

/**
 * POST /api/first-paint: what the browser knows and the server does not, to draw the page as the
 * app's first render would.
 */
export const firstPaintRequestSchema = z.strictObject({
  path: z.enum(FIRST_PAINT_PATHS),
  /** localStorage's entries but the token: language, theme, layout, the selected account. */
  storage: z
    .record(safeText().min(1).max(64), safeText().max(FIRST_PAINT_MAX_STORED_CHARS))
    .refine((s) => Object.keys(s).length <= FIRST_PAINT_MAX_STORED, {
      error: `At most ${FIRST_PAINT_MAX_STORED} entries`,
    })
    // The session travels in its header only.
    .refine((s) => !Object.hasOwn(s, STORAGE_KEYS.access), { error: 'Must not hold the session token' }),
  /** The browser's own zone (IANA), for a person who chose none. */
  timeZone: safeText().max(64).refine(isTimeZoneName, 'Not a known time zone').optional(),
  /** The viewport's width in CSS pixels: how many cards the first screen shows. */
  viewportWidth: z.int().min(0).max(16_384).optional(),
});
export type FirstPaintRequest = z.infer<typeof firstPaintRequestSchema>;

/**
 * The page's markup, and every answer it was drawn from by API path (the user, the config, the
 * accounts, their overviews): the app starts with them instead of asking again, so its first
 * render is the page painted.
 */
export const firstPaintResponseSchema = z.object({
  html: z.string(),
  bodies: z.record(z.string(), z.unknown()),
});
export type FirstPaintResponse = z.infer<typeof firstPaintResponseSchema>;

/**
 * What the server gives the web app's renderer (apps/web: app/first-paint/render-first-paint.tsx)
 * to draw a page as the browser's first render would.
 */
export interface FirstPaintInput {
  path: FirstPaintPath;
  /** The verified user, as GET /api/user/{email} answers. */
  user: User;
  /** Answers of the reads the screen starts with, by API path. */
  bodies: Record<string, unknown>;
  /** The browser's storage but the session's token: language, theme, layout, selected account. */
  storage: Record<string, string>;
  /** The browser's own time zone, for a user who chose none. */
  timeZone?: string;
  /** The browser's viewport width in CSS pixels (what the first screen shows). */
  viewportWidth?: number;
}
