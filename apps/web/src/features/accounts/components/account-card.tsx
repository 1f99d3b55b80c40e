import type { AccountOverview, TradingAccount } from '@app/contracts/trading';
import { Badge, Button, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconChartCandle } from '@tabler/icons-react';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { limitsOf } from '../model/limits';
import { AccountCredentials } from './account-credentials';
import { AccountStatusBadge } from './account-status-badge';
import { GAUGE_COLORS, resultColor } from './colors';
import { usePhaseLabel, useRuleLabel } from './labels';
import classes from './accounts.module.css';

function Figure({ label, value, color, testId }: { label: string; value: string; color?: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="sm" c={color} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </div>
  );
}

/** One account on /accounts: what it is, where it stands, and a way in. */
export function AccountCard({
  account: a,
  overview,
  overviewLoading,
  selected,
  onOpen,
  onOpenTrading,
}: {
  account: TradingAccount;
  overview: AccountOverview | undefined;
  overviewLoading: boolean;
  selected: boolean;
  onOpen: () => void;
  onOpenTrading: () => void;
}) {
  const { t } = useT();
  const format = useFormat();
  const phaseLabel = usePhaseLabel();
  const ruleLabel = useRuleLabel();
  const profit = a.balanceCents - a.initialBalanceCents;
  // Truncated, as the server's overview does: the card and the overview show the same figure, and a
  // target is never shown reached before it is.
  const profitBps = a.initialBalanceCents > 0 ? Math.trunc((profit * 10_000) / a.initialBalanceCents) : 0;
  const targetBps = overview?.rules.profitTargetBps ?? null;
  const headingId = `account-${a.id}`;
  const limits = overview && a.status === 'active' ? limitsOf(overview) : null;

  return (
    <Paper
      component="article"
      withBorder
      p="lg"
      className={classes.card}
      data-selected={selected || undefined}
      aria-labelledby={headingId}
      data-testid="account-card"
      data-login={a.login}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Title order={2} fz="md" id={headingId} data-testid="account-name">
              {a.challengeName}
            </Title>
            <Text size="sm" c="dimmed">
              {phaseLabel(a)} · {t('ACCOUNTS.CARD.LOGIN', { login: a.login })} · {a.server}
            </Text>
          </div>
          <Group gap={6} wrap="nowrap">
            {selected && (
              <Badge variant="outline" color="gray" c="var(--mantine-color-text)" miw="max-content">
                {t('ACCOUNTS.CARD.SELECTED')}
              </Badge>
            )}
            <AccountStatusBadge status={a.status} />
          </Group>
        </Group>

        <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs">
          <Figure
            label={t('ACCOUNTS.FIG.BALANCE')}
            value={format.money(a.balanceCents, a.currency)}
            testId="card-balance"
          />
          <Figure
            label={t('ACCOUNTS.FIG.EQUITY')}
            value={format.money(a.equityCents, a.currency)}
            testId="card-equity"
          />
          <Figure
            label={t('ACCOUNTS.FIG.PROFIT_PCT')}
            value={format.signedPercentBps(profitBps)}
            color={resultColor(profit)}
            testId="card-profit"
          />
        </SimpleGrid>

        {a.phaseKind === 'evaluation' && (
          <div>
            {overview ? (
              targetBps !== null && (
                <>
                  <Group justify="space-between" gap="xs">
                    <Text size="xs" c="dimmed" id={`${headingId}-target`}>
                      {t('ACCOUNTS.CARD.TARGET', { target: format.percentBps(targetBps) })}
                    </Text>
                    <Text size="xs" fw={600}>
                      {format.percentBps(Math.max(0, profitBps))} / {format.percentBps(targetBps)}
                    </Text>
                  </Group>
                  <Progress.Root size="sm" mt={4} data-testid="card-target-progress">
                    <Progress.Section
                      value={Math.max(0, Math.min(100, (profitBps / targetBps) * 100))}
                      color={a.status === 'passed' ? 'teal' : 'blue'}
                      aria-label={t('ACCOUNTS.CARD.TARGET', { target: format.percentBps(targetBps) })}
                      aria-valuetext={`${format.percentBps(Math.max(0, profitBps))} / ${format.percentBps(targetBps)}`}
                    />
                  </Progress.Root>
                </>
              )
            ) : overviewLoading ? (
              <Skeleton h={22} />
            ) : null}
          </div>
        )}

        {(overview || overviewLoading) && (
          <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs">
            {overview ? (
              <Figure
                label={t('ACCOUNTS.CARD.DAYS_LABEL')}
                value={
                  overview.metrics.minTradingDays > 0
                    ? t('ACCOUNTS.CARD.DAYS', {
                        days: overview.metrics.tradingDays,
                        min: overview.metrics.minTradingDays,
                      })
                    : format.number(overview.metrics.tradingDays)
                }
                testId="card-days"
              />
            ) : (
              <Skeleton h={32} />
            )}
            {limits && (
              <Figure
                label={t('ACCOUNTS.CARD.DAILY_LEFT')}
                value={format.money(limits.today.leftCents, a.currency)}
                color={GAUGE_COLORS[limits.today.tone].text}
                testId="card-daily-left"
              />
            )}
            {limits && (
              <Figure
                label={t('ACCOUNTS.CARD.MAX_LEFT')}
                value={format.money(limits.max.leftCents, a.currency)}
                color={GAUGE_COLORS[limits.max.tone].text}
                testId="card-max-left"
              />
            )}
          </SimpleGrid>
        )}

        {a.status === 'failed' && a.breach && (
          <Text size="sm" className={classes.breachLine} data-testid="card-breach">
            {t('ACCOUNTS.CARD.BREACH', {
              rule: ruleLabel(a.breach.rule),
              at: format.dateTime(a.breach.at),
            })}
          </Text>
        )}
        {a.status === 'pending' && (
          <Text size="sm" c="dimmed">
            {t('ACCOUNTS.CARD.PENDING')}
          </Text>
        )}

        <AccountCredentials account={a} />

        <Group gap="xs" mt={4}>
          <Button
            onClick={onOpen}
            rightSection={<IconArrowRight size={16} aria-hidden />}
            aria-label={t('ACCOUNTS.CARD.OPEN_LABEL', { login: a.login })}
            data-testid="account-open"
          >
            {t('ACCOUNTS.CARD.OPEN')}
          </Button>
          <Button
            variant="default"
            onClick={onOpenTrading}
            leftSection={<IconChartCandle size={16} aria-hidden />}
            aria-label={t('ACCOUNTS.CARD.TRADING_LABEL', { login: a.login })}
          >
            {t('MENU.TRADING_OVERVIEW')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
