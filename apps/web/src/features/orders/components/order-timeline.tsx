import type { ORDER_TIMELINE_KINDS } from '@app/contracts/commerce';
import { Text, Timeline } from '@mantine/core';
import { useT } from '../../../i18n/use-t';
import type { MessageId } from '../../../i18n/messages';
import { useFormat } from '../../../lib/format/use-format';
import type { AdminOrderDetail } from '../api/get-order';

const KIND_LABELS: Record<(typeof ORDER_TIMELINE_KINDS)[number], MessageId> = {
  created: 'ORDERS.TIMELINE.CREATED',
  paid: 'ORDERS.TIMELINE.PAID',
  account_provisioned: 'ORDERS.TIMELINE.ACCOUNT_PROVISIONED',
  cancelled: 'ORDERS.TIMELINE.CANCELLED',
  failed: 'ORDERS.TIMELINE.FAILED',
  refunded: 'ORDERS.TIMELINE.REFUNDED',
  account_passed: 'ORDERS.TIMELINE.ACCOUNT_PASSED',
  account_failed: 'ORDERS.TIMELINE.ACCOUNT_FAILED',
  next_phase_opened: 'ORDERS.TIMELINE.NEXT_PHASE_OPENED',
  account_reset: 'ORDERS.TIMELINE.ACCOUNT_RESET',
  account_closed: 'ORDERS.TIMELINE.ACCOUNT_CLOSED',
  mail_sent: 'ORDERS.TIMELINE.MAIL_SENT',
  payment_to_refund: 'ORDERS.TIMELINE.PAYMENT_TO_REFUND',
};

/** Closing reasons the server gives by code (staff closing an account give theirs in words). */
const CLOSED_BECAUSE = new Map<string, MessageId>([
  ['refunded', 'ORDERS.TIMELINE.CLOSED_REFUNDED'],
  ['reset', 'ORDERS.TIMELINE.CLOSED_RESET'],
]);

const closedBecause = (e: AdminOrderDetail['timeline'][number]): MessageId | undefined =>
  e.kind === 'account_closed' && e.detail ? CLOSED_BECAUSE.get(e.detail) : undefined;

/** What happened to the order and the accounts it led to, oldest first, with who did it when staff did. */
export function OrderTimeline({ entries }: { entries: AdminOrderDetail['timeline'] }) {
  const { t } = useT();
  const format = useFormat();
  return (
    <Timeline active={entries.length - 1} bulletSize={14} lineWidth={2} data-testid="order-timeline">
      {entries.map((e, i) => (
        <Timeline.Item key={`${e.kind}-${i}`} title={t(KIND_LABELS[e.kind])}>
          <Text size="xs" c="dimmed">
            <time dateTime={e.at}>{format.dateTime(e.at)}</time>
            {e.actorEmail && ` · ${t('ORDERS.TIMELINE.BY', { email: e.actorEmail })}`}
          </Text>
          {e.account && <Text size="sm">{t('ORDERS.TIMELINE.ACCOUNT', { login: e.account })}</Text>}
          {e.detail && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {closedBecause(e) ? t(closedBecause(e)!) : e.detail}
            </Text>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
