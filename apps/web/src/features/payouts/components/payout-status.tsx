import type { Payout, PayoutStatus } from '@app/contracts/payouts';
import { Anchor, Badge, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { Link } from 'react-router';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { PAYOUT_STATUS_LABELS } from '../../../components/status-labels';

export { PAYOUT_STATUS_LABELS };
const COLORS: Record<PayoutStatus, string> = {
  requested: 'blue',
  approved: 'teal',
  paid: 'green',
  rejected: 'red',
  cancelled: 'gray',
};

export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  const { t } = useT();
  return (
    <Badge color={COLORS[status]} variant="light" data-testid="payout-status">
      {t(PAYOUT_STATUS_LABELS[status])}
    </Badge>
  );
}

/**
 * Where a request stands: requested → approved → paid with the date of each step reached, or how
 * it ended (rejected with the reviewer's reason, cancelled).
 */
export function PayoutTracker({ payout: p }: { payout: Payout & { withdrawnAt?: string | null } }) {
  const { t } = useT();
  const format = useFormat();
  if (p.status === 'rejected' || p.status === 'cancelled') {
    const at = p.status === 'rejected' ? p.rejectedAt : p.cancelledAt;
    return (
      <Stack gap={2} align="flex-start">
        <PayoutStatusBadge status={p.status} />
        {at && (
          <Text size="xs" c="dimmed">
            <time dateTime={at}>{format.dateTime(at)}</time>
          </Text>
        )}
        {p.rejectionReason && (
          <Text size="xs" maw="16rem" style={{ whiteSpace: 'normal' }} data-testid="payout-reason">
            {t('PAYOUT.REASON', { reason: p.rejectionReason })}
          </Text>
        )}
      </Stack>
    );
  }
  const steps: Array<{ status: PayoutStatus; at: string | null }> = [
    { status: 'requested', at: p.requestedAt },
    { status: 'approved', at: p.approvedAt },
    { status: 'paid', at: p.paidAt },
  ];
  const tracker = (
    <Group
      gap={6}
      wrap="nowrap"
      aria-label={t(PAYOUT_STATUS_LABELS[p.status])}
      role="group"
      data-testid="payout-tracker"
    >
      {steps.map((s) => (
        <Stack key={s.status} gap={0} align="center" miw="4.5rem">
          <ThemeIcon
            size={20}
            radius="xl"
            variant={s.at ? 'filled' : 'light'}
            color={s.at ? COLORS[s.status] : 'gray'}
            aria-hidden
          >
            {s.at ? <IconCheck size={12} /> : <IconCircleDashed size={12} />}
          </ThemeIcon>
          <Text size="xs" fw={s.at ? 600 : 400}>
            {t(PAYOUT_STATUS_LABELS[s.status])}
          </Text>
          {s.at && (
            <Text size="xs" c="dimmed">
              <time dateTime={s.at} title={format.dateTime(s.at)}>
                {format.date(s.at)}
              </time>
            </Text>
          )}
        </Stack>
      ))}
    </Group>
  );
  // Approved and already withdrawn from the trading account by its bridge: only the transfer is left.
  const withdrawn = p.status === 'approved' && p.withdrawnAt;
  if (!p.certificateCode && !withdrawn) return tracker;
  return (
    <Stack gap={4} align="flex-start">
      {tracker}
      {withdrawn && (
        <Text size="xs" c="dimmed" maw="16rem" style={{ whiteSpace: 'normal' }} data-testid="payout-withdrawn">
          {t('PAYOUT.WITHDRAWN', { date: format.dateTime(withdrawn) })}
        </Text>
      )}
      {/* A paid payout's certificate is in the member's gallery. */}
      {p.certificateCode && (
        <Anchor component={Link} to="/certificates" size="xs" data-testid="payout-certificate">
          {t('PAYOUT.CERTIFICATE', { code: p.certificateCode })}
        </Anchor>
      )}
    </Stack>
  );
}
