import { connectorListQuerySchema, type Connector, type ConnectorListParams } from '@app/contracts/trading';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadMessages } from '../../i18n/messages';
import { useListState } from '../../lib/list-state/use-list-state';
import { mockFetch, renderRoutes } from '../../test/render';
import { ListTable } from './list-table';
import type { ListQuery } from './list-table-types';

const row = (name: string): Connector => ({
  id: name,
  name,
  keyPrefix: 'ck_abc',
  createdAt: '2026-01-01T00:00:00Z',
  lastUsedAt: null,
  revokedAt: null,
  rotatedAt: null,
  previousKeyExpiresAt: null,
});

function query(over: Partial<ListQuery<Connector>>): ListQuery<Connector> {
  return {
    data: undefined,
    isPending: false,
    isError: false,
    isFetching: false,
    error: null,
    refetch: vi.fn(),
    ...over,
  };
}

function Table({ q }: { q: ListQuery<Connector> }) {
  const list = useListState<ConnectorListParams>(connectorListQuerySchema);
  return (
    <ListTable
      label="Things"
      columns={[{ accessor: 'name', title: 'Name', sortable: true }]}
      query={q}
      list={list}
      empty={{ icon: null, title: 'Nothing yet', text: 'Things you add appear here.' }}
    />
  );
}

const show = (q: ListQuery<Connector>, path = '/things') => {
  mockFetch({});
  return renderRoutes([{ path: '/things', element: <Table q={q} /> }], path);
};

describe('ListTable states', () => {
  // Past the auth screens the full English messages are loaded.
  beforeAll(() => loadMessages('en'));

  it('a skeleton while the first page loads', async () => {
    show(query({ isPending: true }));
    expect(await screen.findByTestId('list-loading')).toBeTruthy();
  });

  it('the empty state says what will appear', async () => {
    show(query({ data: { items: [], total: 0 } }));
    expect(await screen.findByText('Nothing yet')).toBeTruthy();
    expect(screen.getByText('Things you add appear here.')).toBeTruthy();
  });

  it('"no matches" with a way out when filters hide everything', async () => {
    const { router } = show(query({ data: { items: [], total: 0 } }), '/things?q=zzz&status=revoked&sort=name');
    expect(await screen.findByTestId('list-no-matches')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('?sort=name');
  });

  it('the error with a Retry button', async () => {
    const q = query({ isError: true, error: new Error('boom') });
    show(q);
    expect(await screen.findByText('The list could not be loaded')).toBeTruthy();
    expect(screen.getByText('Check your connection and try again.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(q.refetch).toHaveBeenCalledOnce();
  });

  it('rows, the range and a sortable header that writes the URL', async () => {
    const { router } = show(query({ data: { items: [row('alpha'), row('beta')], total: 2 } }));
    expect(await screen.findByText('alpha')).toBeTruthy();
    expect(screen.getByText('beta')).toBeTruthy();
    expect(screen.getByText('1–2 of 2')).toBeTruthy();
    await userEvent.click(screen.getByText('Name'));
    expect(router.state.location.search).toBe('?sort=name&order=asc');
    await userEvent.click(screen.getByText('Name'));
    expect(router.state.location.search).toBe('?sort=name');
  });
});
