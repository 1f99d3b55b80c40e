import { Anchor, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { IconBan, IconCash, IconFileDownload, IconReceiptRefund } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { OrderStatusBadge } from '../../../components/commerce/order-status-badge';
import { DetailDrawer, DetailRow } from '../../../components/detail-drawer';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { toastError } from '../../../lib/toast';
import { downloadOrderInvoice } from '../api/download-order-invoice';
import { useOrder } from '../api/get-order';
import type { OrderAction } from '../api/order-action';
import { BillingSnapshot } from './billing-snapshot';
import { OrderActionDialog } from './order-action-dialog';
import { OrderTimeline } from './order-timeline';
import { PROVIDER_LABELS } from './provider-labels';

/** One order for staff: amounts, provider, the buyer, the timeline, links, and ADMIN's actions. */
export function OrderDrawer({
  orderId,
  canWrite,
  onClose,
}: {
  orderId: string | null;
  canWrite: boolean;
  onClose: () => void;
}) {
  const { t, tError } = useT();
  const format = useFormat();
  const query = useOrder(orderId);
  const [action, setAction] = useState<OrderAction | null>(null);
  const order = query.data?.order;
  const money = (cents: number) => (order ? format.money(cents, order.currency) : '');

  return (
    <DetailDrawer
      opened={orderId !== null}
      onClose={onClose}
      title={order ? t('ORDERS.DRAWER.TITLE', { number: order.number }) : t('ORDERS.DETAILS')}
      query={query}
      ready={!!order && !!query.data}
      errorTestId="order-detail-error"
    >
      {order && query.data && (
        <Stack gap="lg" data-testid="order-drawer">
          <Group justify="space-between">
            <OrderStatusBadge status={order.status} />
            <Text fw={800} fz="xl">
              {money(order.totalCents)}
            </Text>
          </Group>
          {canWrite && (
            <Group gap="xs" data-testid="order-actions">
              {order.status === 'pending' && order.provider === 'manual' && (
                <Button
                  size="sm"
                  leftSection={<IconCash size={16} aria-hidden />}
                  onClick={() => setAction('mark-paid')}
                >
                  {t('ORDERS.MARK_PAID')}
                </Button>
              )}
              {order.status === 'pending' && (
                <Button
                  size="sm"
                  variant="default"
                  leftSection={<IconBan size={16} aria-hidden />}
                  onClick={() => setAction('cancel')}
                >
                  {t('ORDERS.CANCEL')}
                </Button>
              )}
              {order.status === 'paid' && (
                <Button
                  size="sm"
                  color="red.8"
                  leftSection={<IconReceiptRefund size={16} aria-hidden />}
                  onClick={() => setAction('refund')}
                >
                  {t('ORDERS.REFUND')}
                </Button>
              )}
            </Group>
          )}
          <Stack gap={6}>
            <Title order={3} fz="md">
              {t('ORDERS.DRAWER.ORDER')}
            </Title>
            <DetailRow label={t('ORDERS.COL.CHALLENGE')}>{order.challengeName}</DetailRow>
            <DetailRow label={t('ORDERS.DRAWER.SUBTOTAL')}>{money(order.subtotalCents)}</DetailRow>
            {order.discountCents > 0 && (
              <DetailRow label={t('ORDERS.DRAWER.DISCOUNT', { code: order.discountCode ?? '' })}>
                −{money(order.discountCents)}
              </DetailRow>
            )}
            <DetailRow label={t('ORDERS.DRAWER.NET')}>{money(order.netCents)}</DetailRow>
            <DetailRow
              label={
                order.reverseCharge
                  ? t('ORDERS.DRAWER.REVERSE_CHARGE')
                  : t('ORDERS.DRAWER.VAT', { rate: format.percentBps(order.vatRateBps) })
              }
            >
              {money(order.vatCents)}
            </DetailRow>
            <DetailRow label={t('ORDERS.COL.PROVIDER')}>
              {t(PROVIDER_LABELS[order.provider])}
              {order.providerReference && (
                <Text size="xs" c="dimmed">
                  {order.providerReference}
                </Text>
              )}
            </DetailRow>
            {order.invoiceNumber && (
              <DetailRow label={t('ORDERS.DRAWER.INVOICE')}>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() =>
                    void downloadOrderInvoice(order).catch((error: unknown) =>
                      toastError(tError(error, 'ORDERS.INVOICE_FAILED')),
                    )
                  }
                  aria-label={t('ORDERS.DRAWER.INVOICE_DOWNLOAD', { number: order.invoiceNumber })}
                >
                  <IconFileDownload size={14} aria-hidden /> {order.invoiceNumber}
                </Anchor>
              </DetailRow>
            )}
            {order.failureReason && <DetailRow label={t('ORDERS.DRAWER.FAILURE')}>{order.failureReason}</DetailRow>}
          </Stack>
          <Divider />
          <Stack gap={6}>
            <Title order={3} fz="md">
              {t('ORDERS.DRAWER.BUYER')}
            </Title>
            <BillingSnapshot billing={order.billing} />
            <Group gap="md" mt={4}>
              <Anchor component={Link} to={`/users/${encodeURIComponent(order.userId)}/edit-user`} size="sm">
                {t('ORDERS.DRAWER.USER', { email: order.userEmail })}
              </Anchor>
              {order.accountId && (
                <Anchor component={Link} to={`/users/${encodeURIComponent(order.userId)}/trading-accounts`} size="sm">
                  {t('ORDERS.DRAWER.ACCOUNT', { login: order.accountLogin ?? order.accountId })}
                </Anchor>
              )}
            </Group>
          </Stack>
          <Divider />
          <Stack gap="sm">
            <Title order={3} fz="md">
              {t('ORDERS.DRAWER.TIMELINE')}
            </Title>
            <OrderTimeline entries={query.data.timeline} />
          </Stack>
          {canWrite && <OrderActionDialog order={order} action={action} onClose={() => setAction(null)} />}
        </Stack>
      )}
    </DetailDrawer>
  );
}
