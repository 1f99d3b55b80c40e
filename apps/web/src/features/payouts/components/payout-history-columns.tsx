import type { MyPayout } from '@app/contracts/payouts';
import { Button, Text } from '@mantine/core';
import { useMemo } from 'react';
import type { ListColumn } from '../../../components/list-table/list-table-types';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { METHOD_LABELS } from './payout-request-dialog';
import { PayoutTracker } from './payout-status';

/**
 * The member's requests: when, how much and where it stands first (what a phone shows without
 * scrolling the table), then how and from which account; cancel while requested. The actions column
 * is left out while no request on the page can be cancelled: pinned at the right, it would take a
 * quarter of a phone's width to show nothing.
 */
export function usePayoutHistoryColumns({
  onCancel,
  busyId,
  cancellable,
}: {
  onCancel: (p: MyPayout) => void;
  busyId: string | null;
  /** Whether some request on the page is still `requested`. */
  cancellable: boolean;
}) {
  const { t } = useT();
  const format = useFormat();
  return useMemo<ListColumn<MyPayout>[]>(() => {
    const columns: ListColumn<MyPayout>[] = [
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
      {
        accessor: 'status',
        title: t('PAYOUT.COL.STATUS'),
        sortable: true,
        render: (p) => <PayoutTracker payout={p} />,
      },
      { accessor: 'method', title: t('PAYOUT.COL.METHOD'), render: (p) => t(METHOD_LABELS[p.method]) },
      { accessor: 'accountLogin', title: t('PAYOUT.COL.ACCOUNT'), noWrap: true },
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
    ];
    return cancellable ? columns : columns.slice(0, -1);
  }, [t, format, onCancel, busyId, cancellable]);
}
