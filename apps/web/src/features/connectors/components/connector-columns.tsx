import type { Connector } from '@app/contracts/trading';
import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconBan, IconKey } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { ListColumn } from '../../../components/list-table/list-table-types';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { ConnectorStatusBadge } from './connector-status-badge';

/** When the key replaced by the last rotation stops, while it still works; else null. */
function graceEnd(c: Connector, now = Date.now()): string | null {
  const until = c.previousKeyExpiresAt;
  return c.revokedAt === null && until !== null && Date.parse(until) > now ? until : null;
}

/** The table's columns; the actions column only for those who may rotate and revoke. */
export function useConnectorColumns({
  canWrite,
  onRotate,
  onRevoke,
}: {
  canWrite: boolean;
  onRotate: (c: Connector) => void;
  onRevoke: (c: Connector) => void;
}) {
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
        render: (c) => {
          const until = graceEnd(c);
          return (
            <Stack gap={4} align="flex-start">
              <Code fz="sm">{c.keyPrefix}…</Code>
              {/* After a rotation the old key works for a while: say until when (wrapped, so the
                  table does not widen into sideways scrolling). */}
              {until && (
                <Text
                  size="xs"
                  c="dimmed"
                  miw="10rem"
                  maw="12rem"
                  style={{ whiteSpace: 'normal' }}
                  data-testid="connector-grace"
                >
                  {t('CONNECTORS.GRACE', { until: format.dateTime(until) })}
                </Text>
              )}
            </Stack>
          );
        },
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
            <Group gap="xs" justify="flex-end" wrap="nowrap">
              <Button
                size="compact-sm"
                variant="subtle"
                // The brand's readable text shade: the default subtle one is below 4.5:1 on white.
                c="var(--app-brand-text)"
                leftSection={<IconKey size={14} aria-hidden />}
                onClick={() => onRotate(c)}
                aria-label={t('CONNECTORS.ROTATE.LABEL', { name: c.name })}
                data-testid="connector-rotate"
              >
                {t('CONNECTORS.ROTATE')}
              </Button>
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
            </Group>
          ) : null,
      });
    }
    return columns;
  }, [t, format, canWrite, onRotate, onRevoke]);
}
