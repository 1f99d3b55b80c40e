import type { MyPayout } from '@app/contracts/payouts';
import { Button, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { ListColumn } from '../../../components/list-table/list-table-types';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { METHOD_LABELS } from './payout-request-dialog';
import { PayoutTracker } from './payout-status';

/** The member's requests: when, from which account, how much, how, where it stands; cancel while requested. */
export function usePayoutHistoryColumns({
  onCancel,
  busyId,
}: {
  onCancel: (p: MyPayout) => void;
  busyId: string | null;
}) {
  const { t } = useT();
  const format = useFormat();
  return useMemo<ListColumn<MyPayout>[]>(
    () => [
      {
        accessor: 'requestedAt',
        title: t('PAYOUT.COL.REQUESTED'),
        sortable: true,
        noWrap: true,
        render: (p) => (
          <time dateTime={p.requestedAt} title={format.dateTime(p.requestedAt)}>
            {format.date(p.requestedAt)}
          </time>
        ),
      },
      { accessor: 'accountLogin', title: t('PAYOUT.COL.ACCOUNT'), noWrap: true },
      {
        accessor: 'amountCents',
        title: t('PAYOUT.COL.AMOUNT'),
        sortable: true,
        textAlign: 'right',
        noWrap: true,
        render: (p) => (
          <Text size="sm" fw={600} data-testid="payout-amount-cell">
            {format.money(p.amountCents, p.currency)}
          </Text>
        ),
      },
      { accessor: 'method', title: t('PAYOUT.COL.METHOD'), render: (p) => t(METHOD_LABELS[p.method]) },
      {
        accessor: 'status',
        title: t('PAYOUT.COL.STATUS'),
        sortable: true,
        render: (p) => <PayoutTracker payout={p} />,
      },
      {
        accessor: 'actions',
        title: <span>{t('PAYOUT.COL.ACTIONS')}</span>,
        textAlign: 'right',
        render: (p) =>
          p.status === 'requested' ? (
            <Button
              size="compact-sm"
              variant="default"
              color="red"
              onClick={() => onCancel(p)}
              loading={busyId === p.id}
              data-testid="payout-cancel"
            >
              {t('PAYOUT.CANCEL')}
            </Button>
          ) : null,
      },
    ],
    [t, format, onCancel, busyId],
  );
}
