import type { AccountOverview } from '@app/contracts/trading';
import { SimpleGrid, Text } from '@mantine/core';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { Block } from './block';
import { resultColor } from './colors';
import classes from './accounts.module.css';

/** Win rate, average win and loss, profit factor, expectancy, lots, best and worst trade, streaks. */
export function StatisticsBlock({ overview: o }: { overview: AccountOverview }) {
  const { t } = useT();
  const format = useFormat();
  const m = o.metrics;
  const cur = o.currency;
  const none = t('ACCOUNTS.STATS.NONE');
  const money = (v: number | null) => (v === null ? none : format.signedMoney(Math.round(v), cur));
  const items: { key: string; label: string; value: string; color?: string }[] = [
    { key: 'trades', label: t('ACCOUNTS.STATS.TRADES'), value: format.number(m.trades) },
    {
      key: 'win-rate',
      label: t('ACCOUNTS.STATS.WIN_RATE'),
      value: m.winRateBps === null ? none : format.percentBps(m.winRateBps),
    },
    {
      key: 'wins-losses',
      label: t('ACCOUNTS.STATS.WINS_LOSSES'),
      value: `${format.number(m.wins)} / ${format.number(m.losses)}`,
    },
    {
      key: 'avg-win',
      label: t('ACCOUNTS.STATS.AVG_WIN'),
      value: money(m.averageWinCents),
      color: resultColor(m.averageWinCents ?? 0),
    },
    {
      key: 'avg-loss',
      label: t('ACCOUNTS.STATS.AVG_LOSS'),
      value: money(m.averageLossCents),
      color: resultColor(m.averageLossCents ?? 0),
    },
    {
      key: 'profit-factor',
      label: t('ACCOUNTS.STATS.PROFIT_FACTOR'),
      value: m.profitFactor === null ? none : format.number(m.profitFactor, { maximumFractionDigits: 2 }),
    },
    {
      key: 'expectancy',
      label: t('ACCOUNTS.STATS.EXPECTANCY'),
      value: money(m.expectancyCents),
      color: resultColor(m.expectancyCents ?? 0),
    },
    { key: 'lots', label: t('ACCOUNTS.STATS.LOTS'), value: format.number(m.lots, { maximumFractionDigits: 2 }) },
    {
      key: 'best',
      label: t('ACCOUNTS.STATS.BEST'),
      value: money(m.bestTradeCents),
      color: resultColor(m.bestTradeCents ?? 0),
    },
    {
      key: 'worst',
      label: t('ACCOUNTS.STATS.WORST'),
      value: money(m.worstTradeCents),
      color: resultColor(m.worstTradeCents ?? 0),
    },
    { key: 'win-streak', label: t('ACCOUNTS.STATS.WIN_STREAK'), value: format.number(m.longestWinStreak) },
    { key: 'loss-streak', label: t('ACCOUNTS.STATS.LOSS_STREAK'), value: format.number(m.longestLossStreak) },
  ];
  return (
    <Block title={t('ACCOUNTS.STATS.TITLE')} headingId="stats-title" testId="statistics">
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 6 }} spacing="md" verticalSpacing="md" component="dl" m={0}>
        {items.map((i) => (
          <div key={i.key} data-testid={`stat-${i.key}`}>
            <Text component="dt" size="xs" c="dimmed">
              {i.label}
            </Text>
            <Text component="dd" m={0} fw={700} c={i.color} className={classes.num}>
              {i.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Block>
  );
}
