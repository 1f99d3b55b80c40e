import { FUNDED_FILTERS, type AdminUserListParams } from '@app/contracts/admin-users';
import { ROLES, USER_STATUSES } from '@app/contracts/constants';
import { ChoiceFilter } from '../../../components/list-table/choice-filter';
import { DayRangeFilter } from '../../../components/list-table/day-range-filter';
import { FilterPanel } from '../../../components/list-table/filter-panel';
import type { MessageId } from '../../../i18n/messages';
import { useT } from '../../../i18n/use-t';
import type { ListState } from '../../../lib/list-state/use-list-state';

const USER_STATUS_LABELS: Record<(typeof USER_STATUSES)[number], MessageId> = {
  active: 'USERS.STATUS.ACTIVE',
  suspended: 'USERS.STATUS.SUSPENDED',
};
const FUNDED_LABELS: Record<(typeof FUNDED_FILTERS)[number], MessageId> = {
  yes: 'USERS.FILTER.FUNDED_YES',
  no: 'USERS.FILTER.FUNDED_NO',
};

/**
 * Search (email or name, debounced), role, status, funded and registered-between (the dashboard's
 * new members link here with its range) filters, all kept in the URL.
 */
export function UserFilters({ list }: { list: ListState<AdminUserListParams> }) {
  const { t } = useT();
  const { role, status, funded, createdFrom, createdTo } = list.params;
  const { setFilters } = list;
  const style = { flex: '0 1 170px' };
  return (
    <FilterPanel
      testId="user-filters"
      list={list}
      search={{
        label: t('USERS.SEARCH.LABEL'),
        placeholder: t('USERS.SEARCH.PLACEHOLDER'),
        testId: 'user-search',
        style: { flex: '1 1 240px', maxWidth: 420 },
      }}
    >
      <ChoiceFilter
        label={t('USERS.FILTER.ROLE')}
        allLabel={t('USERS.FILTER.ALL')}
        value={role}
        choices={ROLES.map((r) => ({ value: r, label: t(`ROLE.${r}`) }))}
        onChange={(next) => setFilters({ role: next })}
        style={style}
        testId="user-role-filter"
      />
      <ChoiceFilter
        label={t('USERS.FILTER.STATUS')}
        allLabel={t('USERS.FILTER.ALL')}
        value={status}
        choices={USER_STATUSES.map((s) => ({ value: s, label: t(USER_STATUS_LABELS[s]) }))}
        onChange={(next) => setFilters({ status: next })}
        style={style}
        testId="user-status-filter"
      />
      <ChoiceFilter
        label={t('USERS.FILTER.FUNDED')}
        allLabel={t('USERS.FILTER.ALL')}
        value={funded}
        choices={FUNDED_FILTERS.map((f) => ({ value: f, label: t(FUNDED_LABELS[f]) }))}
        onChange={(next) => setFilters({ funded: next })}
        style={style}
        testId="user-funded-filter"
      />
      <DayRangeFilter
        from={createdFrom}
        to={createdTo}
        fromLabel={t('USERS.FILTER.CREATED_FROM')}
        toLabel={t('USERS.FILTER.CREATED_TO')}
        onFromChange={(next) => setFilters({ createdFrom: next })}
        onToChange={(next) => setFilters({ createdTo: next })}
        style={style}
        testIds={{ from: 'user-created-from', to: 'user-created-to' }}
      />
    </FilterPanel>
  );
}
