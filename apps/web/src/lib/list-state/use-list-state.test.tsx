import { connectorListQuerySchema, type ConnectorListParams } from '@app/contracts/trading';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListState, type ListState } from './use-list-state';

/** The hook under a real (memory) router; `current` and `search` follow every render. */
function renderListState(initial: string) {
  const seen: { current: ListState<ConnectorListParams> | null; search: string } = { current: null, search: '' };
  function Probe() {
    seen.current = useListState(connectorListQuerySchema);
    seen.search = useLocation().search;
    return null;
  }
  const router = createMemoryRouter([{ path: '/connectors', element: <Probe /> }], { initialEntries: [initial] });
  render(<RouterProvider router={router} />);
  return {
    get state() {
      return seen.current!;
    },
    get search() {
      return seen.search;
    },
  };
}

describe('useListState', () => {
  it('parses the URL, with defaults for what is missing or invalid', () => {
    const list = renderListState('/connectors?page=2&sort=bogus&q=mt5');
    expect(list.state.params).toEqual({
      page: 2,
      pageSize: 25,
      sort: 'createdAt',
      order: 'desc',
      q: 'mt5',
      status: undefined,
    });
    expect(list.state.hasFilters).toBe(true);
  });

  it('a filter change writes the URL and resets the page to 1', () => {
    const list = renderListState('/connectors?page=3&q=old');
    act(() => list.state.setFilters({ status: 'revoked' }));
    expect(list.state.params.page).toBe(1);
    expect(list.state.params.status).toBe('revoked');
    expect(list.state.params.q).toBe('old');
    expect(list.search).toBe('?q=old&status=revoked');
  });

  it('paging keeps the filters; sorting resets the page', () => {
    const list = renderListState('/connectors?status=active');
    act(() => list.state.setPage(4));
    expect(list.search).toBe('?status=active&page=4');
    act(() => list.state.setSort('name', 'asc'));
    expect(list.search).toBe('?status=active&sort=name&order=asc');
    expect(list.state.params).toMatchObject({ page: 1, sort: 'name', order: 'asc', status: 'active' });
  });

  it('clearFilters drops the filters and keeps the sort', () => {
    const list = renderListState('/connectors?q=mt5&status=revoked&sort=name&page=2');
    act(() => list.state.clearFilters());
    expect(list.search).toBe('?sort=name');
    expect(list.state.hasFilters).toBe(false);
  });
});
