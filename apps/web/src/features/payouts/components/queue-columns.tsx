import type { AdminPayout } from '@app/contracts/payouts';
import { Anchor, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { ListColumn } from '../../../components/list-table/list-table-types';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { METHOD_LABELS } from './payout-request-dialog';
import { PayoutStatusBadge } from './payout-status';

/** The staff queue: who, when, how much, how, where it stands; the row opens the detail. */
export function useQueueColumns({ onOpen }: { onOpen: (p: AdminPayout) => void }) {
  const { t } = useT();
  const format = useFormat();
  return useMemo<ListColumn<AdminPayout>[]>(
    () => [
      {
        accessor: 'requestedAt',
        title: t('PAYOUT.COL.REQUESTED'),
        sortable: true,
        noWrap: true,
        render: (p) => (
          <Anchor component="button" type="button" size="sm" onClick={() => onOpen(p)} data-testid="payout-open">
            <time dateTime={p.requestedAt}>{format.dateTime(p.requestedAt)}</time>
          </Anchor>
        ),
      },
      {
        accessor: 'userEmail',
        title: t('PAYOUTS.COL.MEMBER'),
        render: (p) => (
          <Stack gap={0}>
            <Text size="sm">{p.userName}</Text>
            <Text size="xs" c="dimmed">
              {p.userEmail}
            </Text>
          </Stack>
        ),
      },
      { accessor: 'accountLogin', title: t('PAYOUT.COL.ACCOUNT'), noWrap: true },
      {
        accessor: 'amountCents',
        title: t('PAYOUT.COL.AMOUNT'),
        sortable: true,
        textAlign: 'right',
        noWrap: true,
        render: (p) => format.money(p.amountCents, p.currency),
      },
      { accessor: 'method', title: t('PAYOUT.COL.METHOD'), render: (p) => t(METHOD_LABELS[p.method]) },
      {
        accessor: 'status',
        title: t('PAYOUT.COL.STATUS'),
        sortable: true,
        render: (p) => <PayoutStatusBadge status={p.status} />,
      },
    ],
    [t, format, onOpen],
  );
}
