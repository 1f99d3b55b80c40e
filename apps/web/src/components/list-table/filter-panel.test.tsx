import { adminUserListQuerySchema, type AdminUserListParams } from '@app/contracts/admin-users';
import { ROLES } from '@app/contracts/constants';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../i18n/messages';
import { useListState } from '../../lib/list-state/use-list-state';
import { fakeMatchMedia } from '../../test/match-media';
import { mockFetch, renderRoutes } from '../../test/render';
import { ChoiceFilter } from './choice-filter';
import { FilterPanel, PHONE_FILTERS_QUERY } from './filter-panel';

/** A list's filters as the staff screens build them: a search, a folded choice, an action. */
function Filters() {
  const list = useListState<AdminUserListParams>(adminUserListQuerySchema);
  return (
    <FilterPanel
      testId="filters"
      list={list}
      search={{ label: 'Search', placeholder: 'Email', testId: 'search' }}
      actions={<button type="button">Export</button>}
    >
      <ChoiceFilter
        label="Role"
        allLabel="All"
        value={list.params.role}
        choices={ROLES.map((r) => ({ value: r, label: r }))}
        onChange={(role) => list.setFilters({ role })}
        testId="role"
      />
    </FilterPanel>
  );
}

const standardMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = standardMatchMedia;
});

function onScreen(phone: boolean) {
  window.matchMedia = fakeMatchMedia((query) => phone && query === PHONE_FILTERS_QUERY);
}

const show = (path: string) => {
  mockFetch({});
  return renderRoutes([{ path: '/users', element: <Filters /> }], path);
};
const toggle = () => screen.findByTestId('filters-toggle');
const toggleText = async () => (await toggle()).textContent;
const expanded = async () => (await toggle()).getAttribute('aria-expanded');
const roleShown = () => {
  const role = screen.queryByTestId('role');
  return role !== null && role.closest('[aria-hidden="true"], [style*="display: none"]') === null;
};

describe('filter panel', () => {
  beforeAll(() => loadMessages('en'));

  it('on a phone the filters fold under a button; search and actions stay; the button counts what is set', async () => {
    onScreen(true);
    show('/users?q=ann');
    expect(await toggleText()).toBe('Filters');
    expect(await expanded()).toBe('false');
    expect(screen.getByTestId('search')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
    expect(roleShown()).toBe(false);

    await userEvent.click(await toggle());
    expect(await expanded()).toBe('true');
    await waitFor(() => expect(roleShown()).toBe(true));
    await userEvent.selectOptions(screen.getByTestId('role'), 'SUPPORT');
    // The search is not a folded filter: one set.
    expect(await toggleText()).toBe('Filters (1)');
  });

  it('on a phone the filters are open at first when one is set', async () => {
    onScreen(true);
    show('/users?role=ADMIN');
    expect(await toggleText()).toBe('Filters (1)');
    expect(await expanded()).toBe('true');
    expect(roleShown()).toBe(true);
  });

  it('on a wide screen everything is in one row, with no button', async () => {
    onScreen(false);
    show('/users');
    await screen.findByTestId('role');
    expect(roleShown()).toBe(true);
    expect(screen.getByTestId('search')).toBeTruthy();
    expect(screen.queryByTestId('filters-toggle')).toBeNull();
  });
});
