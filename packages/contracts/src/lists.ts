import { z } from 'zod';
import { safeText } from './text.ts';

/**
 * The one shape of a server-side list: every list endpoint takes `page`, `pageSize`, `sort`, `order`
 * (and its own filters) in the query string and answers `{ items, total, page, pageSize }`. Screens
 * keep the same fields in their URL, so a list's state survives a reload and can be shared.
 */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

const pageSize = z.coerce
  .number()
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), `One of ${PAGE_SIZES.join(', ')}`);

/** page / pageSize / sort / order for a list whose sortable columns are `columns`. */
export function listQueryShape<const C extends readonly [string, ...string[]]>(
  columns: C,
  defaults: { sort: C[number]; order: SortOrder },
) {
  return {
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: pageSize.default(DEFAULT_PAGE_SIZE),
    sort: z.enum(columns).default(defaults.sort),
    order: z.enum(SORT_ORDERS).default(defaults.order),
  };
}

/** A free-text search filter: trimmed, empty means none. */
export const searchParam = safeText()
  .trim()
  .max(100)
  .transform((s) => (s === '' ? undefined : s))
  .optional();

/** One page of `item`s and the count of all that match the filters. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int(),
  });
}
