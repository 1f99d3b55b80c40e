import { CONNECTOR_STATUSES, type ConnectorListParams } from '@app/contracts/trading';
import { Group, NativeSelect, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../i18n/use-t';
import type { ListState } from '../../../lib/list-state/use-list-state';

const SEARCH_DEBOUNCE_MS = 300;

/** The search box (debounced) and the status filter, both kept in the URL. */
export function ConnectorFilters({ list }: { list: ListState<ConnectorListParams> }) {
  const { t } = useT();
  const { q, status } = list.params;
  const [text, setText] = useState(q ?? '');
  // What this box last wrote: a different `q` came from elsewhere (Clear filters, Back) and wins.
  const written = useRef(q);
  useEffect(() => {
    if (q !== written.current) {
      written.current = q;
      setText(q ?? '');
    }
  }, [q]);

  const { setFilters } = list;
  const pushSearch = useDebouncedCallback((value: string) => {
    const next = value.trim() || undefined;
    written.current = next;
    setFilters({ q: next }, { replace: true });
  }, SEARCH_DEBOUNCE_MS);

  return (
    <Group gap="md" align="flex-end" wrap="wrap" mb="md">
      <TextInput
        label={t('CONNECTORS.SEARCH.LABEL')}
        placeholder={t('CONNECTORS.SEARCH.PLACEHOLDER')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          pushSearch(e.currentTarget.value);
        }}
        type="search"
        maxLength={100}
        style={{ flex: '1 1 240px', maxWidth: 420 }}
        data-testid="connector-search"
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
