import type { AdminPayout } from '@app/contracts/payouts';
import { Alert, Anchor, Button, Divider, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconCash, IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { DetailDrawer, DetailRow } from '../../../components/detail-drawer';
import { NewsViolationsList } from '../../../components/news/news-violations-list';
import { RULE_LABELS } from '../../../components/status-labels';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { usePayoutDetail } from '../api/get-payout-detail';
import type { PayoutDecision } from '../api/payout-decision';
import { EligibilityCard } from './eligibility-card';
import { PayoutDecisionDialog } from './payout-decision-dialog';
import { METHOD_LABELS } from './payout-request-dialog';
import { PayoutStatusBadge, PayoutTracker } from './payout-status';

const DESTINATION_LABELS: Record<string, string> = {
  accountHolder: 'PAYOUT.FORM.HOLDER',
  network: 'PAYOUT.FORM.NETWORK',
  address: 'PAYOUT.FORM.ADDRESS',
  email: 'PAYOUT.FORM.EMAIL',
};

/**
 * One request for staff: the request and where to send it, the account's checklist as of now, the
 * member's payout history, the account's breach record; ADMIN approves, rejects or marks paid.
 */
export function PayoutDrawer({
  payoutId,
  canWrite,
  onClose,
}: {
  payoutId: string | null;
  canWrite: boolean;
  onClose: () => void;
}) {
  const { t } = useT();
  const format = useFormat();
  const query = usePayoutDetail(payoutId);
  const [decision, setDecision] = useState<PayoutDecision | null>(null);
  const detail = query.data;
  const p: AdminPayout | undefined = detail?.payout;
  const money = (cents: number) => (p ? format.money(cents, p.currency) : '');

  return (
    <DetailDrawer
      opened={payoutId !== null}
      onClose={onClose}
      size="xl"
      title={p ? t('PAYOUTS.DRAWER.TITLE', { email: p.userEmail }) : t('PAYOUTS.DRAWER.LOADING')}
      query={query}
      ready={!!p && !!detail}
      errorTestId="payout-detail-error"
    >
      {p && detail && (
        <Stack gap="lg" data-testid="payout-drawer">
          <Group justify="space-between">
            <PayoutStatusBadge status={p.status} />
            <Text fw={800} fz="xl">
              {money(p.amountCents)}
            </Text>
          </Group>
          {canWrite && (p.status === 'requested' || p.status === 'approved') && (
            <Group gap="xs" data-testid="payout-actions">
              {p.status === 'requested' && (
                <Button
                  size="sm"
                  leftSection={<IconCheck size={16} aria-hidden />}
                  onClick={() => setDecision('approve')}
                >
                  {t('PAYOUTS.APPROVE')}
                </Button>
              )}
              {p.status === 'approved' && (
                <Button
                  size="sm"
                  leftSection={<IconCash size={16} aria-hidden />}
                  onClick={() => setDecision('mark-paid')}
                >
                  {t('PAYOUTS.PAY')}
                </Button>
              )}
              {!detail.reportedWithdrawal && (
                <Button
                  size="sm"
                  color="red.8"
                  variant="outline"
                  leftSection={<IconX size={16} aria-hidden />}
                  onClick={() => setDecision('reject')}
                >
                  {t('PAYOUTS.REJECT')}
                </Button>
              )}
            </Group>
          )}
          {detail.reportedWithdrawal && (
            <Alert color="blue" title={t('PAYOUTS.DRAWER.WITHDRAWN_TITLE')} data-testid="payout-reported-withdrawal">
              {t('PAYOUTS.DRAWER.WITHDRAWN_TEXT', {
                date: format.dateTime(detail.reportedWithdrawal.at),
                event: detail.reportedWithdrawal.eventId,
              })}
            </Alert>
          )}
          <Stack gap={6}>
            <Title order={3} fz="md">
              {t('PAYOUTS.DRAWER.REQUEST')}
            </Title>
            <DetailRow label={t('PAYOUT.COL.ACCOUNT')}>
              <Anchor component={Link} to={`/users/${encodeURIComponent(p.userId)}/trading-accounts`} size="sm">
                {p.accountLogin}
              </Anchor>
            </DetailRow>
            <DetailRow label={t('PAYOUT.STAFF.RECEIVE')}>{money(p.amountCents)}</DetailRow>
            <DetailRow label={t('PAYOUT.REVIEW.GROSS')}>{money(p.grossCents)}</DetailRow>
            <DetailRow label={t('PAYOUT.STAFF.SPLIT')}>{format.percentBps(p.splitBps)}</DetailRow>
            <DetailRow label={t('PAYOUT.FIG.FIRM_SHARE')}>{money(p.firmShareCents)}</DetailRow>
            <DetailRow label={t('PAYOUT.FORM.METHOD')}>{t(METHOD_LABELS[p.method])}</DetailRow>
            {Object.entries(p.destination)
              .filter(([k]) => k !== 'method')
              .map(([k, v]) => (
                <DetailRow
                  key={k}
                  label={DESTINATION_LABELS[k] ? t(DESTINATION_LABELS[k] as 'PAYOUT.FORM.HOLDER') : k.toUpperCase()}
                >
                  {v}
                </DetailRow>
              ))}
            {p.transferReference && <DetailRow label={t('PAYOUTS.PAY.REFERENCE')}>{p.transferReference}</DetailRow>}
            {p.certificateCode && <DetailRow label={t('PAYOUTS.DRAWER.CERTIFICATE')}>{p.certificateCode}</DetailRow>}
            {p.reviewerEmail && <DetailRow label={t('PAYOUTS.DRAWER.REVIEWER')}>{p.reviewerEmail}</DetailRow>}
            <PayoutTracker payout={p} />
          </Stack>
          <Divider />
          <Stack gap="sm">
            <Title order={3} fz="md">
              {t('PAYOUTS.DRAWER.ELIGIBILITY')}
            </Title>
            <EligibilityCard e={detail.eligibility} forStaff />
          </Stack>
          <Divider />
          <Stack gap="sm" data-testid="payout-breaches">
            <Title order={3} fz="md">
              {t('PAYOUTS.DRAWER.RECORD')}
            </Title>
            {detail.breach ? (
              <Alert color="red" variant="light">
                {t('PAYOUTS.DRAWER.BREACH', {
                  rule: RULE_LABELS[detail.breach.rule] ? t(RULE_LABELS[detail.breach.rule]!) : detail.breach.rule,
                  date: format.dateTime(detail.breach.at),
                })}
                {detail.breach.text && (
                  <Text size="xs" mt={4}>
                    {detail.breach.text}
                  </Text>
                )}
              </Alert>
            ) : (
              <Text size="sm">{t('PAYOUTS.DRAWER.NO_BREACH')}</Text>
            )}
            <Text size="sm" c="dimmed">
              {t('PAYOUTS.DRAWER.REVIEWS', { count: detail.verdictReviews })}
            </Text>
            {detail.newsViolations.enabled && <NewsViolationsList data={detail.newsViolations} />}
          </Stack>
          <Divider />
          <Stack gap="sm">
            <Title order={3} fz="md">
              {t('PAYOUTS.DRAWER.HISTORY')}
            </Title>
            <Table.ScrollContainer minWidth={420}>
              <Table striped data-testid="payout-member-history">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('PAYOUT.COL.REQUESTED')}</Table.Th>
                    <Table.Th>{t('PAYOUT.COL.ACCOUNT')}</Table.Th>
                    <Table.Th>{t('PAYOUT.COL.AMOUNT')}</Table.Th>
                    <Table.Th>{t('PAYOUT.COL.STATUS')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {detail.history.map((h) => (
                    <Table.Tr key={h.id}>
                      <Table.Td>{format.date(h.requestedAt)}</Table.Td>
                      <Table.Td>{h.accountLogin}</Table.Td>
                      <Table.Td>{format.money(h.amountCents, h.currency)}</Table.Td>
                      <Table.Td>
                        <PayoutStatusBadge status={h.status} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
          {canWrite && <PayoutDecisionDialog payout={p} decision={decision} onClose={() => setDecision(null)} />}
        </Stack>
      )}
    </DetailDrawer>
  );
}
