import { Button, Collapse, Group, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconChevronDown } from '@tabler/icons-react';
import { useId, useState, type CSSProperties, type ReactNode } from 'react';
import { useT } from '../../i18n/use-t';
import type { ListParams } from '../../lib/list-state/list-params';
import type { ListState } from '../../lib/list-state/use-list-state';
import { SearchFilter } from './search-filter';

/** Below this width the filters fold away: the staff lists' five or six filters filled a phone's first screen. */
export const PHONE_FILTERS_QUERY = '(max-width: 47.99em)';

/**
 * A list's filters. On a wide screen one wrapping row: the search, the filters, the actions. On a
 * phone the search and the actions stay in view and the other filters fold under a button that
 * says how many of them are set (open at first when any is), so the list starts on the first screen.
 */
export function FilterPanel<P extends ListParams & { q?: string }>({
  list,
  search: searchBox,
  actions,
  children,
  testId,
}: {
  /** The list (`useListState`): its search `q`, and the filters set, which the button counts. */
  list: ListState<P>;
  /** The free-text search on `q`, always shown (typing replaces the history entry). */
  search?: { label: string; placeholder: string; testId: string; style?: CSSProperties };
  /** Buttons such as the export, always shown. */
  actions?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useT();
  const { setFilters } = list;
  const search = searchBox && (
    <SearchFilter
      {...searchBox}
      value={list.params.q}
      onSearch={(q) => setFilters({ q } as Partial<Omit<P, keyof ListParams>>, { replace: true })}
    />
  );
  const active = list.activeFilters.filter((k) => !(searchBox && k === 'q')).length;
  // Read before the first paint, so a phone never lays out the open row first.
  const phone = useMediaQuery(PHONE_FILTERS_QUERY, false, { getInitialValueInEffect: false });
  const [opened, setOpened] = useState(active > 0);
  const panelId = useId();

  if (!phone) {
    return (
      <Group gap="md" align="flex-end" wrap="wrap" mb="md" data-testid={testId}>
        {search}
        {children}
        {actions}
      </Group>
    );
  }
  return (
    <Stack gap="sm" mb="md" data-testid={testId}>
      {/* A block of its own: the search's flex basis is a width in a row, and would be a height here. */}
      {search && <div>{search}</div>}
      <Group gap="sm" wrap="wrap">
        <Button
          variant={active > 0 ? 'light' : 'default'}
          leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
          rightSection={
            <IconChevronDown
              size={14}
              aria-hidden
              style={{ transform: opened ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
            />
          }
          aria-expanded={opened}
          aria-controls={panelId}
          onClick={() => setOpened((o) => !o)}
          data-testid={`${testId}-toggle`}
        >
          {active > 0 ? t('LIST.FILTERS.SET', { count: active }) : t('LIST.FILTERS.TOGGLE')}
        </Button>
        {actions}
      </Group>
      <Collapse expanded={opened}>
        <Group id={panelId} gap="md" align="flex-end" wrap="wrap">
          {children}
        </Group>
      </Collapse>
    </Stack>
  );
}
