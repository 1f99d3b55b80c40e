import type { OrderStatus } from '@app/contracts/commerce';
import { Badge } from '@mantine/core';
import { useT } from '../../i18n/use-t';
import type { MessageId } from '../../i18n/messages';

const COLORS: Record<OrderStatus, string> = {
  pending: 'yellow',
  paid: 'teal',
  refunded: 'grape',
  cancelled: 'gray',
  failed: 'red',
};
export const ORDER_STATUS_LABELS: Record<OrderStatus, MessageId> = {
  pending: 'ORDERS.STATUS.PENDING',
  paid: 'ORDERS.STATUS.PAID',
  refunded: 'ORDERS.STATUS.REFUNDED',
  cancelled: 'ORDERS.STATUS.CANCELLED',
  failed: 'ORDERS.STATUS.FAILED',
};

/** An order's status, the same on the member's billing and the staff's orders desk. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useT();
  return (
    <Badge variant="dot" color={COLORS[status]} miw="max-content" data-testid="order-status">
      {t(ORDER_STATUS_LABELS[status])}
    </Badge>
  );
}
