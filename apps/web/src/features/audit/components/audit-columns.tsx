import type { AuditEntry } from '@app/contracts/audit';
import { Button, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconListDetails } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { ListColumn } from '../../../components/list-table/list-table-types';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { useAuditLabels } from '../model/use-audit-labels';
import { AuditActor } from './audit-actor';
import { diffRows } from './audit-diff';
import { AuditEntrySummary } from './audit-entry-summary';
import { AuditTarget } from './audit-target';

/** Below this width a row is one stacked cell and the details button: the table fits a phone. */
export const PHONE_QUERY = '(max-width: 47.99em)';

/** When, who, what, on which target, how many fields changed, and the details; stacked on a phone. */
export function useAuditColumns(onOpen: (entry: AuditEntry) => void) {
  const { t } = useT();
  const format = useFormat();
  const labels = useAuditLabels();
  // Read before the first paint, so a phone never lays out the wide table first.
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  return useMemo<ListColumn<AuditEntry>[]>(() => {
    const changes: ListColumn<AuditEntry> = {
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
    };
    if (phone) {
      return [
        {
          accessor: 'createdAt',
          title: t('AUDIT.COL.WHEN'),
          sortable: true,
          render: (e) => <AuditEntrySummary entry={e} />,
        },
        changes,
      ];
    }
    return [
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
        render: (e) => <AuditTarget entry={e} />,
      },
      changes,
    ];
  }, [t, format, labels, onOpen, phone]);
}
