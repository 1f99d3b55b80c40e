import type { AdminOrder } from '@app/contracts/commerce';
import { Button, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useMemo } from 'react';
import { OrderStatusBadge } from '../../../components/commerce/order-status-badge';
import type { ListColumn } from '../../../components/list-table/list-table-types';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { PROVIDER_LABELS } from './provider-labels';

/** The orders desk's columns; "Details" opens the drawer. */
export function useOrderColumns({ onOpen }: { onOpen: (o: AdminOrder) => void }) {
  const { t } = useT();
  const format = useFormat();
  return useMemo<ListColumn<AdminOrder>[]>(
    () => [
      {
        accessor: 'number',
        title: t('ORDERS.COL.ID'),
        sortable: true,
        noWrap: true,
        render: (o) => (
          <Text fw={600} size="sm" data-testid="order-number">
            {o.number}
          </Text>
        ),
      },
      {
        accessor: 'customer',
        title: t('ORDERS.COL.CUSTOMER'),
        cellsStyle: () => ({ minWidth: '12rem' }),
        render: (o) => (
          <div>
            <Text size="sm">{o.billing.name || o.userName}</Text>
            <Text size="xs" c="dimmed">
              {o.userEmail}
            </Text>
          </div>
        ),
      },
      { accessor: 'challengeName', title: t('ORDERS.COL.CHALLENGE'), cellsStyle: () => ({ minWidth: '9rem' }) },
      {
        accessor: 'totalCents',
        title: t('ORDERS.COL.AMOUNT'),
        sortable: true,
        textAlign: 'right',
        noWrap: true,
        render: (o) => format.money(o.totalCents, o.currency),
      },
      {
        accessor: 'provider',
        title: t('ORDERS.COL.PROVIDER'),
        noWrap: true,
        render: (o) => t(PROVIDER_LABELS[o.provider]),
      },
      {
        accessor: 'status',
        title: t('ORDERS.COL.STATUS'),
        sortable: true,
        render: (o) => <OrderStatusBadge status={o.status} />,
      },
      {
        accessor: 'createdAt',
        title: t('ORDERS.COL.DATE'),
        sortable: true,
        noWrap: true,
        render: (o) => <time dateTime={o.createdAt}>{format.dateTime(o.createdAt)}</time>,
      },
      {
        accessor: 'paidAt',
        title: t('ORDERS.COL.PAID'),
        sortable: true,
        noWrap: true,
        render: (o) => (o.paidAt ? <time dateTime={o.paidAt}>{format.dateTime(o.paidAt)}</time> : '—'),
      },
      {
        accessor: 'actions',
        title: <span>{t('ORDERS.COL.ACTIONS')}</span>,
        textAlign: 'right',
        noWrap: true,
        render: (o) => (
          <Button
            size="compact-sm"
            variant="subtle"
            c="var(--app-brand-text)"
            leftSection={<IconEye size={14} aria-hidden />}
            onClick={() => onOpen(o)}
            aria-label={t('ORDERS.DETAILS.LABEL', { number: o.number })}
            data-testid="order-open"
          >
            {t('ORDERS.DETAILS')}
          </Button>
        ),
      },
    ],
    [t, format, onOpen],
  );
}
