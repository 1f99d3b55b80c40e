import type { AccountOverview } from '@app/contracts/trading';
import { Anchor, Box, Group, SegmentedControl, Skeleton, Text, useComputedColorScheme } from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useMemo } from 'react';
import { useT } from '../../../i18n/use-t';
import type { MessageId } from '../../../i18n/messages';
import { useFormat } from '../../../lib/format/use-format';
import { useDaily } from '../api/get-daily';
import { useEquity } from '../api/get-equity';
import { chartSeries } from '../model/chart-series';
import { EQUITY_RANGES, type EquityRange } from '../model/equity-range';
import { Block, BlockEmpty, BlockError } from './block';
import { LINE_COLORS } from './chart-colors';

// The chart library loads with this block only, never with the other screens.
const EquityChartCanvas = lazy(() => import('./equity-chart-canvas'));

const RANGE_IDS: Record<EquityRange, MessageId> = {
  '1d': 'ACCOUNTS.CHART.RANGE.1D',
  '1w': 'ACCOUNTS.CHART.RANGE.1W',
  '1m': 'ACCOUNTS.CHART.RANGE.1M',
  all: 'ACCOUNTS.CHART.RANGE.ALL',
};

function Swatch({ color, dashed, label }: { color: string; dashed?: boolean; label: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Box w={18} h={0} style={{ borderTop: `${dashed ? '2px dashed' : '3px solid'} ${color}` }} aria-hidden />
      <Text size="xs">{label}</Text>
    </Group>
  );
}

/** Equity and balance over the chosen range, with the daily-loss and max-loss levels as lines. */
export function EquityChart({
  overview: o,
  range,
  onRange,
}: {
  overview: AccountOverview;
  range: EquityRange;
  onRange: (r: EquityRange) => void;
}) {
  const { t } = useT();
  const format = useFormat();
  const equity = useEquity(o.account.id, range);
  const daily = useDaily(o.account.id);
  const scheme = useComputedColorScheme('light');
  const colors = LINE_COLORS[scheme];
  // Axis and caption in the reader's display zone (chosen on their profile, else the browser's).
  const viewerTz = format.displayZone;
  const series = useMemo(
    () =>
      equity.data && daily.data ? chartSeries(equity.data.points, equity.data.downsampled, daily.data.days, o) : null,
    [equity.data, daily.data, o],
  );
  const formatPrice = useCallback(
    (value: number) => format.amount(Math.round(value * 100), o.currency),
    [format, o.currency],
  );

  let body;
  const failed = equity.isError ? equity : daily.isError ? daily : null;
  if (failed && !series) {
    body = <BlockError error={failed.error} onRetry={() => void failed.refetch()} />;
  } else if (!series) {
    body = <Skeleton h={340} data-testid="chart-loading" />;
  } else if (series.equity.length === 0) {
    body = (
      <BlockEmpty
        icon={<IconChartLine size={26} aria-hidden />}
        title={t('ACCOUNTS.CHART.EMPTY')}
        text={t(range === 'all' ? 'ACCOUNTS.CHART.EMPTY_TEXT' : 'ACCOUNTS.CHART.EMPTY_RANGE')}
      />
    );
  } else {
    const eq = equity.data!.points;
    const lowest = Math.min(...eq.map((p) => p.minEquityCents));
    const summary = t('ACCOUNTS.CHART.SUMMARY', {
      from: format.dateTime(eq[0]!.time),
      to: format.dateTime(eq[eq.length - 1]!.time),
      first: format.money(eq[0]!.equityCents, o.currency),
      last: format.money(eq[eq.length - 1]!.equityCents, o.currency),
      lowest: format.money(lowest, o.currency),
      daily: format.money(o.limits.dailyLoss.levelCents, o.currency),
      max: format.money(o.limits.maxLoss.levelCents, o.currency),
    });
    body = (
      <>
        <div role="img" aria-label={summary} data-testid="equity-chart">
          <Suspense fallback={<Skeleton h={340} />}>
            <EquityChartCanvas series={series} locale={format.locale} timeZone={viewerTz} formatPrice={formatPrice} />
          </Suspense>
        </div>
        <Group gap="md" mt="sm" wrap="wrap" data-testid="chart-legend">
          <Swatch color={colors.equity} label={t('ACCOUNTS.FIG.EQUITY')} />
          <Swatch color={colors.balance} label={t('ACCOUNTS.FIG.BALANCE')} />
          {series.minEquity.length > 0 && <Swatch color={colors.minEquity} label={t('ACCOUNTS.CHART.MIN_EQUITY')} />}
          <Swatch color={colors.daily} dashed label={t('ACCOUNTS.CHART.DAILY_LEVEL')} />
          <Swatch color={colors.max} dashed label={t('ACCOUNTS.CHART.MAX_LEVEL')} />
        </Group>
        <Text size="xs" c="dimmed" mt={6}>
          {t('ACCOUNTS.CHART.TIMES', { zone: viewerTz })}
          {equity.data!.downsampled && ` ${t('ACCOUNTS.CHART.DOWNSAMPLED')}`} {t('ACCOUNTS.CHART.CREDIT')}{' '}
          <Anchor
            href="https://www.tradingview.com/"
            target="_blank"
            rel="noopener noreferrer"
            size="xs"
            underline="always"
          >
            TradingView Lightweight Charts™
          </Anchor>
        </Text>
      </>
    );
  }

  return (
    <Block
      title={t('ACCOUNTS.CHART.TITLE')}
      headingId="chart-title"
      testId="equity-block"
      actions={
        <SegmentedControl
          size="xs"
          value={range}
          onChange={(v) => onRange(v as EquityRange)}
          data={EQUITY_RANGES.map((r) => ({ value: r, label: t(RANGE_IDS[r]) }))}
          aria-label={t('ACCOUNTS.CHART.RANGE')}
          data-testid="chart-range"
        />
      }
    >
      {body}
    </Block>
  );
}
