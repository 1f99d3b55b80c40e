import type { AccountOverview } from '@app/contracts/trading';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { resultColor } from './colors';
import classes from './accounts.module.css';

function Stat({
  label,
  value,
  sub,
  color,
  testId,
}: {
  label: string;
  value: string;
  sub?: string;
  color?: string;
  testId: string;
}) {
  return (
    <Paper withBorder p="md" className={classes.stat}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
        {label}
      </Text>
      <Text fz={{ base: 'md', sm: 'lg' }} fw={700} c={color} className={classes.num} data-testid={testId}>
        {value}
      </Text>
      {sub && (
        <Text size="xs" c={color ?? 'dimmed'} className={classes.num} data-testid={`${testId}-sub`}>
          {sub}
        </Text>
      )}
    </Paper>
  );
}

/** Balance, equity, today's P&L, profit and open positions. */
export function Figures({ overview: o }: { overview: AccountOverview }) {
  const { t } = useT();
  const format = useFormat();
  const m = o.metrics;
  const cur = o.currency;
  const floating = m.equityCents - m.balanceCents;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md" mb="lg" data-testid="overview-figures">
      <Stat
        label={t('ACCOUNTS.FIG.BALANCE')}
        value={format.money(m.balanceCents, cur)}
        sub={
          m.withdrawnCents !== 0
            ? t('ACCOUNTS.FIG.WITHDRAWN', { amount: format.money(Math.abs(m.withdrawnCents), cur) })
            : undefined
        }
        testId="fig-balance"
      />
      <Stat
        label={t('ACCOUNTS.FIG.EQUITY')}
        value={format.money(m.equityCents, cur)}
        sub={t('ACCOUNTS.FIG.FLOATING', { amount: format.signedMoney(floating, cur) })}
        testId="fig-equity"
      />
      <Stat
        label={t('ACCOUNTS.FIG.TODAY')}
        value={format.signedMoney(m.todayPnlCents, cur)}
        color={resultColor(m.todayPnlCents)}
        testId="fig-today"
      />
      <Stat
        label={t('ACCOUNTS.FIG.PROFIT')}
        value={format.signedMoney(m.profitCents, cur)}
        sub={format.signedPercentBps(m.profitBps)}
        color={resultColor(m.profitCents)}
        testId="fig-profit"
      />
      <Stat
        label={t('ACCOUNTS.FIG.OPEN_POSITIONS')}
        value={format.number(m.openPositions)}
        testId="fig-open-positions"
      />
    </SimpleGrid>
  );
}
