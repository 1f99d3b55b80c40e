import { CONNECTOR_STATUSES, type ConnectorListParams } from '@app/contracts/trading';
import { Group, NativeSelect } from '@mantine/core';
import { SearchFilter } from '../../../components/list-table/search-filter';
import { useT } from '../../../i18n/use-t';
import type { ListState } from '../../../lib/list-state/use-list-state';

/** The search box (debounced) and the status filter, both kept in the URL. */
export function ConnectorFilters({ list }: { list: ListState<ConnectorListParams> }) {
  const { t } = useT();
  const { q, status } = list.params;
  const { setFilters } = list;

  return (
    <Group gap="md" align="flex-end" wrap="wrap" mb="md">
      <SearchFilter
        value={q}
        onSearch={(next) => setFilters({ q: next }, { replace: true })}
        label={t('CONNECTORS.SEARCH.LABEL')}
        placeholder={t('CONNECTORS.SEARCH.PLACEHOLDER')}
        testId="connector-search"
        style={{ flex: '1 1 240px', maxWidth: 420 }}
      />
      <NativeSelect
        label={t('CONNECTORS.FILTER.STATUS')}
        value={status ?? ''}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setFilters({ status: CONNECTOR_STATUSES.find((s) => s === value) });
        }}
        data={[
          { value: '', label: t('CONNECTORS.STATUS.ALL') },
          { value: 'active', label: t('CONNECTORS.STATUS.ACTIVE') },
          { value: 'revoked', label: t('CONNECTORS.STATUS.REVOKED') },
        ]}
        style={{ flex: '0 1 180px' }}
        data-testid="connector-status-filter"
      />
    </Group>
  );
}
