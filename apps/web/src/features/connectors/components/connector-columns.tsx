import type { Connector } from '@app/contracts/trading';
import { Button, Code, Text } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { ListColumn } from '../../../components/list-table/list-table-types';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { ConnectorStatusBadge } from './connector-status-badge';

/** The table's columns; the actions column only for those who may revoke. */
export function useConnectorColumns({ canWrite, onRevoke }: { canWrite: boolean; onRevoke: (c: Connector) => void }) {
  const { t } = useT();
  const format = useFormat();
  return useMemo<ListColumn<Connector>[]>(() => {
    const columns: ListColumn<Connector>[] = [
      {
        accessor: 'name',
        title: t('CONNECTORS.COL.NAME'),
        sortable: true,
        // On a phone the table scrolls sideways rather than squeeze names into a column of words.
        cellsStyle: () => ({ minWidth: '10rem' }),
        render: (c) => (
          <Text fw={600} size="sm" data-testid="connector-name">
            {c.name}
          </Text>
        ),
      },
      {
        accessor: 'keyPrefix',
        title: t('CONNECTORS.COL.KEY_PREFIX'),
        noWrap: true,
        render: (c) => <Code fz="sm">{c.keyPrefix}…</Code>,
      },
      {
        accessor: 'status',
        title: t('CONNECTORS.COL.STATUS'),
        noWrap: true,
        render: (c) => <ConnectorStatusBadge connector={c} />,
      },
      {
        accessor: 'createdAt',
        title: t('CONNECTORS.COL.CREATED'),
        sortable: true,
        noWrap: true,
        render: (c) => <time dateTime={c.createdAt}>{format.dateTime(c.createdAt)}</time>,
      },
      {
        accessor: 'lastUsedAt',
        title: t('CONNECTORS.COL.LAST_USED'),
        sortable: true,
        noWrap: true,
        render: (c) =>
          c.lastUsedAt ? (
            <time dateTime={c.lastUsedAt} title={format.dateTime(c.lastUsedAt)}>
              {format.relative(c.lastUsedAt)}
            </time>
          ) : (
            <Text span c="dimmed" size="sm">
              {t('CONNECTORS.NEVER_USED')}
            </Text>
          ),
      },
    ];
    if (canWrite) {
      columns.push({
        accessor: 'actions',
        title: <span>{t('CONNECTORS.COL.ACTIONS')}</span>,
        textAlign: 'right',
        noWrap: true,
        render: (c) =>
          c.revokedAt === null ? (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              leftSection={<IconBan size={14} aria-hidden />}
              onClick={() => onRevoke(c)}
              aria-label={t('CONNECTORS.REVOKE.LABEL', { name: c.name })}
              data-testid="connector-revoke"
            >
              {t('CONNECTORS.REVOKE')}
            </Button>
          ) : null,
      });
    }
    return columns;
  }, [t, format, canWrite, onRevoke]);
}
