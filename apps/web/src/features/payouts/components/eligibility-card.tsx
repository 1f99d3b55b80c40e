import type { AccountEligibility } from '@app/contracts/payouts';
import { Button, Group, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconWallet } from '@tabler/icons-react';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { blockedReason, checkText, hasOpenRequest, reservedCents } from '../model/check-text';

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * One funded account: what can be withdrawn (the trader's share, the split, the firm's share; while
 * a request is open, the amount it reserves instead) and the checklist; with `onRequest` (the
 * member's page) the request button, disabled with the reason next to it. `forStaff` speaks of the
 * trader instead of "you" (the payout desk's drawer).
 */
export function EligibilityCard({
  e,
  onRequest,
  forStaff = false,
}: {
  e: AccountEligibility;
  onRequest?: () => void;
  forStaff?: boolean;
}) {
  const { t } = useT();
  const format = useFormat();
  const fmt = { money: (c: number) => format.money(c, e.currency), date: (iso: string) => format.date(iso) };
  const blocked = blockedReason(e, fmt);
  // An account has at most one open request (the server refuses a second): its amount is reserved
  // and the share is not offered again until it is paid, rejected or cancelled.
  const open = hasOpenRequest(e);
  const reserved = reservedCents(e);
  const reasonId = `payout-blocked-${e.accountId}`;
  return (
    <Paper withBorder p="lg" data-testid="payout-account" style={{ background: 'var(--app-surface)' }}>
      <Group justify="space-between" align="flex-start" mb="md" wrap="wrap">
        <div>
          <Title order={3} size="h4">
            {e.challengeName}
          </Title>
          <Text size="sm" c="dimmed">
            {t('PAYOUT.ACCOUNT', { login: e.login })}
          </Text>
        </div>
        {onRequest && (
          <Stack gap={4} align="flex-end">
            <Button
              leftSection={<IconWallet size={16} aria-hidden />}
              disabled={blocked !== null}
              onClick={onRequest}
              aria-describedby={blocked ? reasonId : undefined}
              data-testid="payout-request-button"
            >
              {t('PAYOUT.REQUEST')}
            </Button>
            {blocked && (
              <Text id={reasonId} size="xs" c="dimmed" maw="18rem" ta="right" data-testid="payout-blocked-reason">
                {t(blocked.id, blocked.values)}
              </Text>
            )}
          </Stack>
        )}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: open ? 3 : 5 }} spacing="md" mb="md">
        <Figure label={t('PAYOUT.FIG.PROFIT')} value={fmt.money(e.profitCents)} />
        <Figure label={t(forStaff ? 'PAYOUT.STAFF.SPLIT' : 'PAYOUT.FIG.SPLIT')} value={format.percentBps(e.splitBps)} />
        {reserved > 0 && (
          <Figure label={t('PAYOUT.FIG.RESERVED')} value={fmt.money(reserved)} testId="payout-reserved" />
        )}
        <Figure
          label={t(forStaff ? 'PAYOUT.STAFF.AVAILABLE' : 'PAYOUT.FIG.AVAILABLE')}
          value={open ? t('PAYOUT.FIG.AVAILABLE_NONE') : fmt.money(e.availableCents)}
          testId="payout-available"
        />
        <Figure label={t('PAYOUT.FIG.FIRM_SHARE')} value={fmt.money(e.firmShareCents)} />
        <Figure label={t('PAYOUT.FIG.MINIMUM')} value={fmt.money(e.minimumCents)} />
      </SimpleGrid>
      <Text fw={600} size="sm" mb="xs">
        {t('PAYOUT.CHECKLIST')}
      </Text>
      <List spacing="xs" size="sm" center data-testid="payout-checklist">
        {e.checks.map((c) => {
          const words = checkText(c, fmt);
          return (
            <List.Item
              key={c.key}
              data-testid={`payout-check-${c.key}`}
              data-ok={c.ok}
              icon={
                <ThemeIcon size={20} radius="xl" color={c.ok ? 'teal' : 'red'} variant="light" aria-hidden>
                  {c.ok ? <IconCircleCheck size={14} /> : <IconCircleX size={14} />}
                </ThemeIcon>
              }
            >
              <Text size="sm" span fw={500}>
                {t(words.label.id, words.label.values)}
              </Text>
              <Text size="sm" span c="dimmed">
                {' — '}
                {t('PAYOUT.CHECK.STATUS_DETAIL', {
                  status: t(c.ok ? 'PAYOUT.CHECK.MET' : 'PAYOUT.CHECK.NOT_MET'),
                  detail: t(words.detail.id, words.detail.values),
                })}
              </Text>
            </List.Item>
          );
        })}
      </List>
    </Paper>
  );
}
