import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SortOrder } from '@app/contracts/lists';

/** What every list endpoint's query carries (packages/contracts/src/lists.ts). */
export interface PageRequest {
  page: number;
  pageSize: number;
  order: SortOrder;
}

/** One page of a list and the count of every row its filters match. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const pageOffset = (req: PageRequest): number => (req.page - 1) * req.pageSize;

/**
 * ORDER BY the chosen expression, empty values last in either direction (a "last used" column sorts
 * never-used rows after the rest), then by `tiebreak` so pages never overlap or skip rows.
 */
export function listOrder(by: AnyColumn | SQL, order: SortOrder, tiebreak: AnyColumn): SQL[] {
  const dir = order === 'asc' ? sql`asc` : sql`desc`;
  return [sql`${by} ${dir} nulls last`, order === 'asc' ? asc(tiebreak) : desc(tiebreak)];
}

/** `%text%` for ILIKE, with the user's own `%`, `_` and `\` taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
