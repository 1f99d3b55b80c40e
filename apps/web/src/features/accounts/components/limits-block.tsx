import type { AccountOverview } from '@app/contracts/trading';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { limitsOf, trailingHighWater, type LimitGauge } from '../model/limits';
import { Block } from './block';
import { GAUGE_COLORS } from './colors';
import classes from './accounts.module.css';

function Gauge({
  title,
  rule,
  gauge,
  leftText,
  level,
  formula,
  testId,
}: {
  title: string;
  rule: string;
  gauge: LimitGauge;
  leftText: string;
  level: string;
  formula: string;
  testId: string;
}) {
  const { t } = useT();
  const format = useFormat();
  const percent = format.number(gauge.fraction, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <Stack gap={6} data-testid={testId} data-tone={gauge.tone}>
      <Group justify="space-between" align="baseline" gap="xs" wrap="wrap">
        <div>
          <Text fw={700} size="sm">
            {title}
          </Text>
          <Text size="xs" c="dimmed">
            {rule}
          </Text>
        </div>
        <Text fw={700} fz="lg" c={GAUGE_COLORS[gauge.tone].text} className={classes.num} data-testid={`${testId}-left`}>
          {leftText}
        </Text>
      </Group>
      <Progress.Root size="lg" radius="xl" data-testid={`${testId}-gauge`}>
        <Progress.Section
          value={gauge.fraction * 100}
          color={GAUGE_COLORS[gauge.tone].bar}
          aria-label={title}
          aria-valuetext={t('ACCOUNTS.LIMITS.ALLOWANCE_LEFT', { percent })}
        />
      </Progress.Root>
      <Text size="xs" c="dimmed">
        {t('ACCOUNTS.LIMITS.ALLOWANCE_LEFT', { percent })}
      </Text>
      <Text size="sm" data-testid={`${testId}-level`}>
        {level}
      </Text>
      <Text className={classes.formula} data-testid={`${testId}-formula`}>
        {formula}
      </Text>
    </Stack>
  );
}

/**
 * Limits left: the money that can still be lost today and in total before each breach (never
 * below zero), the level each is measured against, and the rule's formula with today's numbers.
 */
export function LimitsBlock({ overview: o }: { overview: AccountOverview }) {
  const { t } = useT();
  const format = useFormat();
  const cur = o.currency;
  const amount = (cents: number) => format.amount(cents, cur);
  const { daily, max, today } = limitsOf(o);
  const initial = o.account.initialBalanceCents;

  const dailyFormula = t(
    o.rules.dailyLossBase === 'max_balance_equity'
      ? 'ACCOUNTS.LIMITS.FORMULA.DAILY_MAX'
      : 'ACCOUNTS.LIMITS.FORMULA.DAILY_BALANCE',
    {
      base: amount(daily.dayStartCents),
      pct: format.percentBps(o.rules.maxDailyLossBps),
      initial: amount(initial),
      level: amount(daily.levelCents),
    },
  );
  const trailing = trailingHighWater(o);
  const maxFormula =
    o.rules.drawdownType === 'eod_trailing'
      ? t(trailing.locked ? 'ACCOUNTS.LIMITS.FORMULA.MAX_LOCKED' : 'ACCOUNTS.LIMITS.FORMULA.MAX_TRAILING', {
          high: amount(trailing.highCents),
          pct: format.percentBps(o.rules.maxLossBps),
          initial: amount(initial),
          level: amount(max.levelCents),
        })
      : t('ACCOUNTS.LIMITS.FORMULA.MAX_STATIC', {
          pct: format.percentBps(o.rules.maxLossBps),
          initial: amount(initial),
          level: amount(max.levelCents),
        });
  const left = (g: LimitGauge, id: 'ACCOUNTS.LIMITS.LEFT_TODAY' | 'ACCOUNTS.LIMITS.LEFT_TOTAL') =>
    g.crossed ? t('ACCOUNTS.LIMITS.CROSSED') : t(id, { amount: format.money(g.leftCents, cur) });

  return (
    <Block title={t('ACCOUNTS.LIMITS.TITLE')} headingId="limits-title" testId="limits">
      <Stack gap="lg">
        <Gauge
          title={t('ACCOUNTS.RULE.DAILY_LOSS')}
          rule={t('ACCOUNTS.LIMITS.DAILY_RULE', { pct: format.percentBps(o.rules.maxDailyLossBps) })}
          gauge={daily}
          leftText={left(daily, 'ACCOUNTS.LIMITS.LEFT_TODAY')}
          level={t('ACCOUNTS.LIMITS.LEVEL', {
            level: format.money(daily.levelCents, cur),
            pct: format.percentBps(daily.leftBps),
          })}
          formula={dailyFormula}
          testId="limit-daily"
        />
        {today.maxIsCloser && !max.crossed && (
          <Text size="sm" fw={600} c={GAUGE_COLORS[today.tone].text} data-testid="limit-today-bound">
            {t('ACCOUNTS.LIMITS.MAX_CLOSER', { amount: format.money(today.leftCents, cur) })}
          </Text>
        )}
        <Gauge
          title={t('ACCOUNTS.RULE.MAX_LOSS')}
          rule={t(
            o.rules.drawdownType === 'eod_trailing' ? 'ACCOUNTS.LIMITS.MAX_RULE_TRAILING' : 'ACCOUNTS.LIMITS.MAX_RULE',
            { pct: format.percentBps(o.rules.maxLossBps) },
          )}
          gauge={max}
          leftText={left(max, 'ACCOUNTS.LIMITS.LEFT_TOTAL')}
          level={t('ACCOUNTS.LIMITS.LEVEL', {
            level: format.money(max.levelCents, cur),
            pct: format.percentBps(max.leftBps),
          })}
          formula={maxFormula}
          testId="limit-max"
        />
      </Stack>
    </Block>
  );
}
