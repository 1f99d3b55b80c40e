import type { SortOrder } from '@app/contracts/lists';
import type { z } from 'zod';

/** What every list query holds (packages/contracts/src/lists.ts); anything else is a filter. */
export interface ListParams {
  page: number;
  pageSize: number;
  sort: string;
  order: SortOrder;
}

export const PAGING_KEYS = ['page', 'pageSize', 'sort', 'order'] as const;

/** A list endpoint's query schema from the contracts, e.g. `connectorListQuerySchema`. */
export type ListQuerySchema<P extends ListParams> = z.ZodObject & z.ZodType<P, unknown>;

const isPagingKey = (key: string) => (PAGING_KEYS as readonly string[]).includes(key);

/**
 * The list's state from URL search params, field by field through the endpoint's own schema: a
 * missing or invalid value (page=abc, sort=evil, pageSize=7) takes the schema's default, so a
 * hand-edited or stale link still opens a valid page.
 */
export function parseListState<P extends ListParams>(schema: ListQuerySchema<P>, search: URLSearchParams): P {
  const state: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape) as [string, z.ZodType][]) {
    const parsed = field.safeParse(search.get(key) ?? undefined);
    state[key] = parsed.success ? parsed.data : field.safeParse(undefined).data;
  }
  return state as P;
}

export const listDefaults = <P extends ListParams>(schema: ListQuerySchema<P>): P =>
  parseListState(schema, new URLSearchParams());

/** The filter fields of a list schema: everything but paging and sorting. */
export const filterKeys = (schema: z.ZodObject): string[] => Object.keys(schema.shape).filter((k) => !isPagingKey(k));

/**
 * New search params with `patch` applied. Values equal to their default leave the URL (short,
 * shareable links); a change of filter, sort or page size goes back to page 1. Params that are
 * not the list's own stay untouched.
 */
export function writeListState<P extends ListParams>(
  schema: ListQuerySchema<P>,
  current: URLSearchParams,
  patch: Partial<P>,
): URLSearchParams {
  const defaults = listDefaults(schema);
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || value === null || value === '' || value === defaults[key as keyof P]) next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in patch)) next.delete('page');
  return next;
}

/** The filters that differ from their defaults. */
export function activeFilterKeys<P extends ListParams>(schema: ListQuerySchema<P>, state: P): string[] {
  const defaults = listDefaults(schema);
  return filterKeys(schema).filter((k) => state[k as keyof P] !== defaults[k as keyof P]);
}

/** Whether any filter differs from its default (an empty list then means "no matches"). */
export const hasActiveFilters = <P extends ListParams>(schema: ListQuerySchema<P>, state: P): boolean =>
  activeFilterKeys(schema, state).length > 0;
