import type { Order } from '@app/contracts/commerce';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCreditCard, IconFileDownload, IconRefresh } from '@tabler/icons-react';
import { useMemo } from 'react';
import { OrderStatusBadge } from '../../../components/commerce/order-status-badge';
import type { ListColumn } from '../../../components/list-table/list-table-types';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';

/**
 * A card payment that failed, or whose provider did not answer (pending without a payment page),
 * can be started again; the other methods have nothing to retry.
 */
export const canRetry = (o: Order) =>
  o.provider === 'stripe' && (o.status === 'failed' || (o.status === 'pending' && o.checkoutUrl === null));

/** The member's orders: number, challenge, amount, status, date, and what can be done with each. */
export function useBillingColumns({
  onInvoice,
  onRetry,
  busyId,
}: {
  onInvoice: (o: Order) => void;
  onRetry: (o: Order) => void;
  busyId: string | null;
}) {
  const { t } = useT();
  const format = useFormat();
  return useMemo<ListColumn<Order>[]>(
    () => [
      {
        accessor: 'number',
        title: t('BILLING.COL.NUMBER'),
        sortable: true,
        noWrap: true,
        render: (o) => (
          <Text fw={600} size="sm" data-testid="billing-number">
            {o.number}
          </Text>
        ),
      },
      { accessor: 'challengeName', title: t('BILLING.COL.CHALLENGE'), cellsStyle: () => ({ minWidth: '9rem' }) },
      {
        accessor: 'totalCents',
        title: t('BILLING.COL.AMOUNT'),
        sortable: true,
        textAlign: 'right',
        noWrap: true,
        render: (o) => format.money(o.totalCents, o.currency),
      },
      {
        accessor: 'status',
        title: t('BILLING.COL.STATUS'),
        sortable: true,
        render: (o) => (
          <Stack gap={2} align="flex-start">
            <OrderStatusBadge status={o.status} />
            {o.status === 'failed' && o.failureReason && (
              <Text size="xs" c="dimmed" maw="14rem" style={{ whiteSpace: 'normal' }}>
                {o.failureReason}
              </Text>
            )}
          </Stack>
        ),
      },
      {
        accessor: 'createdAt',
        title: t('BILLING.COL.DATE'),
        sortable: true,
        noWrap: true,
        render: (o) => <time dateTime={o.createdAt}>{format.date(o.createdAt)}</time>,
      },
      {
        accessor: 'actions',
        title: <span>{t('BILLING.COL.ACTIONS')}</span>,
        textAlign: 'right',
        noWrap: true,
        render: (o) => (
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            {o.invoiceNumber && (
              <Button
                size="compact-sm"
                variant="subtle"
                c="var(--app-brand-text)"
                leftSection={<IconFileDownload size={14} aria-hidden />}
                onClick={() => onInvoice(o)}
                aria-label={t('BILLING.INVOICE.LABEL', { number: o.invoiceNumber })}
                data-testid="billing-invoice"
              >
                {t('BILLING.INVOICE')}
              </Button>
            )}
            {o.status === 'pending' && o.checkoutUrl && (
              <Button
                component="a"
                href={o.checkoutUrl}
                size="compact-sm"
                variant="light"
                leftSection={<IconCreditCard size={14} aria-hidden />}
                aria-label={t('BILLING.PAY_NOW.LABEL', { number: o.number })}
                data-testid="billing-pay-now"
              >
                {t('BILLING.PAY_NOW')}
              </Button>
            )}
            {canRetry(o) && (
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconRefresh size={14} aria-hidden />}
                onClick={() => onRetry(o)}
                loading={busyId === o.id}
                aria-label={t('BILLING.RETRY.LABEL', { number: o.number })}
                data-testid="billing-retry"
              >
                {t('BILLING.RETRY')}
              </Button>
            )}
          </Group>
        ),
      },
    ],
    [t, format, onInvoice, onRetry, busyId],
  );
}
