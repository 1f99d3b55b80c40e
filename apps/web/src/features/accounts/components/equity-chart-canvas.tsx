import { useComputedColorScheme } from '@mantine/core';
import {
  createChart,
  LineSeries,
  LineStyle,
  LineType,
  type IChartApi,
  type ISeriesApi,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { dateTimeFormat } from '../../../lib/format/intl-cache';
import type { ChartSeries, SeriesPoint } from '../model/chart-series';
import { LINE_COLORS } from './chart-colors';

const toData = (points: SeriesPoint[]) => points.map((p) => ({ time: p.time as UTCTimestamp, value: p.value }));

/*
 * Charts: TradingView Lightweight Charts™ — Copyright (c) 2025 TradingView, Inc. https://www.tradingview.com/
 * (Apache-2.0; the attribution link is under the chart, in equity-chart.tsx, instead of the logo on
 * the canvas, which would put a link inside the chart's image role.)
 */

/**
 * The equity and balance chart (TradingView lightweight-charts, loaded with this chunk only):
 * times in the reader's zone and language, money in their number format, the breach levels as
 * step lines.
 */
export default function EquityChartCanvas({
  series,
  locale,
  timeZone,
  formatPrice,
  height = 340,
}: {
  series: ChartSeries;
  locale: string;
  timeZone: string;
  formatPrice: (value: number) => string;
  height?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const lines = useRef<Record<keyof ChartSeries, ISeriesApi<'Line'>> | null>(null);
  const scheme = useComputedColorScheme('light');
  const colors = LINE_COLORS[scheme];

  // Create once; options and data follow below.
  useEffect(() => {
    if (!box.current) return;
    const c = createChart(box.current, { autoSize: true, height, layout: { attributionLogo: false } });
    const line = (color: string, extra: object = {}) =>
      c.addSeries(LineSeries, { color, lineWidth: 2, priceLineVisible: false, ...extra });
    lines.current = {
      dailyLevel: line(colors.daily, { lineType: LineType.WithSteps, lineStyle: LineStyle.Dashed, lineWidth: 1 }),
      maxLevel: line(colors.max, { lineType: LineType.WithSteps, lineStyle: LineStyle.Dashed, lineWidth: 1 }),
      minEquity: line(colors.minEquity, { lineWidth: 1, lastValueVisible: false, crosshairMarkerVisible: false }),
      balance: line(colors.balance, { lineType: LineType.WithSteps }),
      equity: line(colors.equity),
    };
    chart.current = c;
    return () => {
      c.remove();
      chart.current = null;
      lines.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- created once; updated by the effects below
  }, []);

  useEffect(() => {
    const c = chart.current;
    const l = lines.current;
    if (!c || !l) return;
    const dark = scheme === 'dark';
    const timeText = (time: Time, options: Intl.DateTimeFormatOptions) =>
      dateTimeFormat(locale, { timeZone, ...options }).format(new Date((time as number) * 1000));
    c.applyOptions({
      height,
      layout: {
        background: { color: 'transparent' },
        textColor: dark ? '#C9CBD4' : '#4B5675',
        fontFamily: 'Inter, system-ui, sans-serif',
      },
      grid: {
        vertLines: { color: dark ? '#26272F' : '#EEF0F4' },
        horzLines: { color: dark ? '#26272F' : '#EEF0F4' },
      },
      rightPriceScale: { borderColor: dark ? '#363843' : '#DBDFE9' },
      timeScale: {
        borderColor: dark ? '#363843' : '#DBDFE9',
        timeVisible: true,
        secondsVisible: false,
        tickMarkFormatter: (time: Time, type: number) =>
          type <= 1
            ? timeText(time, { month: 'short', year: type === 0 ? 'numeric' : undefined })
            : type === 2
              ? timeText(time, { day: 'numeric', month: 'short' })
              : timeText(time, { hour: '2-digit', minute: '2-digit' }),
      },
      localization: {
        locale,
        priceFormatter: formatPrice,
        timeFormatter: (time: Time) =>
          timeText(time, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' }),
      },
    });
    l.equity.applyOptions({ color: colors.equity });
    l.balance.applyOptions({ color: colors.balance });
    l.minEquity.applyOptions({ color: colors.minEquity });
    l.dailyLevel.applyOptions({ color: colors.daily });
    l.maxLevel.applyOptions({ color: colors.max });
  }, [scheme, colors, locale, timeZone, formatPrice, height]);

  useEffect(() => {
    const l = lines.current;
    if (!l) return;
    l.equity.setData(toData(series.equity));
    l.balance.setData(toData(series.balance));
    l.minEquity.setData(toData(series.minEquity));
    l.dailyLevel.setData(toData(series.dailyLevel));
    l.maxLevel.setData(toData(series.maxLevel));
    chart.current?.timeScale().fitContent();
  }, [series]);

  return <div ref={box} style={{ width: '100%', height }} data-testid="equity-chart-canvas" />;
}
