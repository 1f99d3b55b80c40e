import { adminUserListQuerySchema, type AdminUserListParams } from '@app/contracts/admin-users';
import { ROLES } from '@app/contracts/constants';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setDisplayTimeZone } from '../../lib/format/display-zone';
import { useListState } from '../../lib/list-state/use-list-state';
import { mockFetch, renderRoutes } from '../../test/render';
import { ChoiceFilter } from './choice-filter';
import { DayRangeFilter } from './day-range-filter';

/** A list's filter bar as the screens build it: a choice and a day range, both in the URL. */
function Filters() {
  const list = useListState<AdminUserListParams>(adminUserListQuerySchema);
  const { role, createdFrom, createdTo } = list.params;
  return (
    <>
      <ChoiceFilter
        label="Role"
        allLabel="All"
        value={role}
        choices={ROLES.map((r) => ({ value: r, label: r.toLowerCase() }))}
        onChange={(next) => list.setFilters({ role: next })}
        testId="role"
      />
      <DayRangeFilter
        from={createdFrom}
        to={createdTo}
        fromLabel="From"
        toLabel="To"
        onFromChange={(next) => list.setFilters({ createdFrom: next })}
        onToChange={(next) => list.setFilters({ createdTo: next })}
        testIds={{ from: 'from', to: 'to' }}
      />
    </>
  );
}

const show = (path: string) => {
  mockFetch({});
  return renderRoutes([{ path: '/users', element: <Filters /> }], path);
};
const search = (router: ReturnType<typeof show>['router']) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

describe('list filters', () => {
  it('a choice writes its value to the URL, and "All" takes it out', async () => {
    const { router } = show('/users?q=ann');
    const select = (await screen.findByTestId('role')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['All', ...ROLES.map((r) => r.toLowerCase())]);
    await userEvent.selectOptions(select, 'SUPPORT');
    expect(search(router)).toEqual({ q: 'ann', role: 'SUPPORT' });
    await userEvent.selectOptions(select, '');
    expect(search(router)).toEqual({ q: 'ann' });
  });

  it('the days are the reader’s: "to 3 May" keeps all of 3 May, each day bounds the other, a half-typed year waits', async () => {
    const { router } = show('/users');
    const from = (await screen.findByTestId('from')) as HTMLInputElement;
    // The zone chosen on the profile (set once the session has settled, as sign-in does).
    setDisplayTimeZone('Asia/Tokyo');
    const to = screen.getByTestId('to') as HTMLInputElement;
    fireEvent.change(from, { target: { value: '2026-05-01' } });
    fireEvent.change(to, { target: { value: '2026-05-03' } });
    // Midnight in Tokyo (UTC+9) is 15:00 UTC the day before; the end is the start of 4 May there.
    expect(search(router)).toEqual({ createdFrom: '2026-04-30T15:00:00.000Z', createdTo: '2026-05-03T15:00:00.000Z' });
    // Read back from the URL as the days picked.
    expect(from.value).toBe('2026-05-01');
    expect(to.value).toBe('2026-05-03');
    expect(from.max).toBe('2026-05-03');
    expect(to.min).toBe('2026-05-01');
    // A year being typed is not asked for, and stays in the field as typed.
    fireEvent.change(to, { target: { value: '0002-05-09' } });
    expect(to.value).toBe('0002-05-09');
    expect(search(router).createdTo).toBe('2026-05-03T15:00:00.000Z');
    fireEvent.change(to, { target: { value: '2026-05-09' } });
    expect(search(router).createdTo).toBe('2026-05-09T15:00:00.000Z');
    fireEvent.change(from, { target: { value: '' } });
    expect(search(router)).toEqual({ createdTo: '2026-05-09T15:00:00.000Z' });
    expect(to.min).toBe('');
  });
});

describe('list filters follow the URL', () => {
  it('a day cleared elsewhere (Clear filters, Back) leaves its field', async () => {
    const { router } = show('/users?createdFrom=2026-05-01T00:00:00.000Z');
    const from = (await screen.findByTestId('from')) as HTMLInputElement;
    expect(from.value).not.toBe('');
    await act(() => router.navigate('/users'));
    expect(from.value).toBe('');
  });
});
