import type { AuditEntry } from '@app/contracts/audit';
import { Button, Stack, Text } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { ListColumn } from '../../../components/list-table/list-table-types';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { useAuditLabels } from '../model/use-audit-labels';
import { AuditActor } from './audit-actor';
import { diffRows } from './audit-diff';

/** When, who, what, on which target, how many fields changed, and the details. */
export function useAuditColumns(onOpen: (entry: AuditEntry) => void) {
  const { t } = useT();
  const format = useFormat();
  const labels = useAuditLabels();
  return useMemo<ListColumn<AuditEntry>[]>(
    () => [
      {
        accessor: 'createdAt',
        title: t('AUDIT.COL.WHEN'),
        sortable: true,
        noWrap: true,
        render: (e) => <time dateTime={e.createdAt}>{format.dateTimeSeconds(e.createdAt)}</time>,
      },
      {
        accessor: 'actor',
        title: t('AUDIT.COL.ACTOR'),
        cellsStyle: () => ({ minWidth: '12rem' }),
        render: (e) => <AuditActor actor={e.actor} />,
      },
      {
        accessor: 'action',
        title: t('AUDIT.COL.ACTION'),
        noWrap: true,
        // Words for the reader; the identifier (what the filters and exports use) on hover.
        render: (e) => (
          <Text size="sm" fw={500} title={e.action} data-testid="audit-action">
            {labels.action(e.action)}
          </Text>
        ),
      },
      {
        accessor: 'targetType',
        title: t('AUDIT.COL.TARGET'),
        render: (e) => (
          <Stack gap={0}>
            <Text size="sm" title={e.targetType} data-testid="audit-target-type">
              {labels.targetType(e.targetType)}
            </Text>
            {e.targetId && (
              <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {e.targetId}
              </Text>
            )}
          </Stack>
        ),
      },
      {
        accessor: 'changes',
        title: t('AUDIT.COL.CHANGES'),
        noWrap: true,
        render: (e) => {
          const changed = diffRows(e.before, e.after).filter((r) => r.changed).length;
          const label = t('AUDIT.CHANGED_FIELDS', { count: changed });
          return (
            // The visible words lead the accessible name (WCAG 2.5.3); the action tells rows apart.
            <Button
              variant="default"
              size="compact-sm"
              leftSection={<IconListDetails size={14} aria-hidden />}
              onClick={() => onOpen(e)}
              aria-label={`${label}: ${t('AUDIT.DETAILS_OF', { action: labels.action(e.action) })}`}
              data-testid="audit-open"
            >
              {label}
            </Button>
          );
        },
      },
    ],
    [t, format, labels, onOpen],
  );
}
