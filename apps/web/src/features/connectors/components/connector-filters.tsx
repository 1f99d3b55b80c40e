import { CONNECTOR_STATUSES, type ConnectorListParams } from '@app/contracts/trading';
import { Group } from '@mantine/core';
import { ChoiceFilter } from '../../../components/list-table/choice-filter';
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
      <ChoiceFilter
        label={t('CONNECTORS.FILTER.STATUS')}
        allLabel={t('CONNECTORS.STATUS.ALL')}
        value={status}
        choices={CONNECTOR_STATUSES.map((s) => ({
          value: s,
          label: t(s === 'active' ? 'CONNECTORS.STATUS.ACTIVE' : 'CONNECTORS.STATUS.REVOKED'),
        }))}
        onChange={(next) => setFilters({ status: next })}
        style={{ flex: '0 1 180px' }}
        testId="connector-status-filter"
      />
    </Group>
  );
}
