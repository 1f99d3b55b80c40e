import { FUNDED_FILTERS, type AdminUserListParams } from '@app/contracts/admin-users';
import { ROLES, USER_STATUSES } from '@app/contracts/constants';
import { Group, NativeSelect, TextInput } from '@mantine/core';
import { SearchFilter } from '../../../components/list-table/search-filter';
import { useT } from '../../../i18n/use-t';
import { dayEnd, dayStart, toDayInput } from '../../../lib/format/day-range';
import type { ListState } from '../../../lib/list-state/use-list-state';

/**
 * Search (email or name, debounced), role, status, funded and registered-between (the dashboard's
 * new members link here with its range) filters, all kept in the URL.
 */
export function UserFilters({ list }: { list: ListState<AdminUserListParams> }) {
  const { t } = useT();
  const { q, role, status, funded, createdFrom, createdTo } = list.params;
  const { setFilters } = list;
  const style = { flex: '0 1 170px' };
  return (
    <Group gap="md" align="flex-end" wrap="wrap" mb="md">
      <SearchFilter
        value={q}
        onSearch={(next) => setFilters({ q: next }, { replace: true })}
        label={t('USERS.SEARCH.LABEL')}
        placeholder={t('USERS.SEARCH.PLACEHOLDER')}
        testId="user-search"
        style={{ flex: '1 1 240px', maxWidth: 420 }}
      />
      <NativeSelect
        label={t('USERS.FILTER.ROLE')}
        value={role ?? ''}
        onChange={(e) => setFilters({ role: ROLES.find((r) => r === e.currentTarget.value) })}
        data={[{ value: '', label: t('USERS.FILTER.ALL') }, ...ROLES.map((r) => ({ value: r, label: t(`ROLE.${r}`) }))]}
        style={style}
        data-testid="user-role-filter"
      />
      <NativeSelect
        label={t('USERS.FILTER.STATUS')}
        value={status ?? ''}
        onChange={(e) => setFilters({ status: USER_STATUSES.find((s) => s === e.currentTarget.value) })}
        data={[
          { value: '', label: t('USERS.FILTER.ALL') },
          { value: 'active', label: t('USERS.STATUS.ACTIVE') },
          { value: 'suspended', label: t('USERS.STATUS.SUSPENDED') },
        ]}
        style={style}
        data-testid="user-status-filter"
      />
      <NativeSelect
        label={t('USERS.FILTER.FUNDED')}
        value={funded ?? ''}
        onChange={(e) => setFilters({ funded: FUNDED_FILTERS.find((f) => f === e.currentTarget.value) })}
        data={[
          { value: '', label: t('USERS.FILTER.ALL') },
          { value: 'yes', label: t('USERS.FILTER.FUNDED_YES') },
          { value: 'no', label: t('USERS.FILTER.FUNDED_NO') },
        ]}
        style={style}
        data-testid="user-funded-filter"
      />
      <TextInput
        type="date"
        label={t('USERS.FILTER.CREATED_FROM')}
        value={toDayInput(createdFrom)}
        onChange={(e) => setFilters({ createdFrom: dayStart(e.currentTarget.value) })}
        style={style}
        data-testid="user-created-from"
      />
      <TextInput
        type="date"
        label={t('USERS.FILTER.CREATED_TO')}
        value={toDayInput(createdTo, true)}
        onChange={(e) => setFilters({ createdTo: dayEnd(e.currentTarget.value) })}
        style={style}
        data-testid="user-created-to"
      />
    </Group>
  );
}
