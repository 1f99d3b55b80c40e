import type { SortOrder } from '@app/contracts/lists';
import { useCallback, useMemo } from 'react';
import {
  activeFilterKeys,
  filterKeys,
  parseListState,
  writeListState,
  type ListParams,
  type ListQuerySchema,
} from './list-params';
import { useSearchUpdater } from '../use-search-updater';

export interface ListState<P extends ListParams> {
  /** Page, size, sort, order and filters, valid and defaulted: pass straight to the list query. */
  params: P;
  hasFilters: boolean;
  /** The filters set (differing from their defaults), by name. */
  activeFilters: string[];
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
  setSort: (sort: P['sort'], order: SortOrder) => void;
  /** Back to page 1. `replace` keeps typing in a search box out of the browser history. */
  setFilters: (patch: Partial<Omit<P, keyof ListParams>>, options?: { replace?: boolean }) => void;
  clearFilters: () => void;
}

/**
 * A server-side list's state in the URL (`?page=2&sort=name&order=asc&q=mt5`), so a reload, the back
 * button or a shared link shows the same page. `schema` is the endpoint's query schema from the
 * contracts; keep it a module constant (it is a dependency of the returned callbacks).
 */
export function useListState<P extends ListParams>(schema: ListQuerySchema<P>): ListState<P> {
  const [search, setSearch] = useSearchUpdater();
  const params = useMemo(() => parseListState(schema, search), [schema, search]);

  const update = useCallback(
    (patch: Partial<P>, replace = false) =>
      setSearch((latest) => writeListState(schema, latest, patch), { replace, preventScrollReset: true }),
    [schema, setSearch],
  );

  return useMemo(() => {
    const activeFilters = activeFilterKeys(schema, params);
    return {
      params,
      hasFilters: activeFilters.length > 0,
      activeFilters,
      setPage: (page) => update({ page } as Partial<P>),
      setPageSize: (pageSize) => update({ pageSize } as Partial<P>),
      setSort: (sort, order) => update({ sort, order } as Partial<P>),
      setFilters: (patch, options) => update(patch as Partial<P>, options?.replace),
      clearFilters: () => update(Object.fromEntries(filterKeys(schema).map((k) => [k, undefined])) as Partial<P>),
    } satisfies ListState<P>;
  }, [params, schema, update]);
}
