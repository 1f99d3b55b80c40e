import type { DashboardResponse } from '@app/contracts/dashboard';
import { Group, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { bucketLabel } from '../model/bucket-label';

export const SERIES_COLORS = ['blue', 'teal', 'grape', 'orange', 'cyan', 'pink', 'lime', 'indigo'];
export const seriesColor = (i: number) => `var(--mantine-color-${SERIES_COLORS[i % SERIES_COLORS.length]}-6)`;

const H = 200;
const PAD = { top: 8, bottom: 22 };

/**
 * Net revenue per day (or month), stacked by challenge: a small SVG (no chart library). A refund
 * day goes below the line. The total of each bar is its title (hover) and the table's reading.
 */
export function RevenueChart({ data }: { data: DashboardResponse }) {
  const { t, intl } = useT();
  const fmt = useFormat();
  const { ref, width } = useElementSize();
  const { revenue, challenges } = data.charts;
  const index = new Map(challenges.map((c, i) => [c.id, i]));
  const stacks = revenue.map((b) => {
    const parts = Object.entries(b.byChallenge);
    return {
      bucket: b.bucket,
      up: parts.filter(([, v]) => v > 0).reduce((s, [, v]) => s + v, 0),
      down: parts.filter(([, v]) => v < 0).reduce((s, [, v]) => s + v, 0),
      parts,
    };
  });
  const max = Math.max(1, ...stacks.map((s) => s.up));
  const min = Math.min(0, ...stacks.map((s) => s.down));
  const plot = H - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + ((max - v) / (max - min)) * plot;
  const slot = stacks.length ? width / stacks.length : 0;
  const bar = Math.max(1, slot * 0.7);
  const every = Math.max(1, Math.ceil(stacks.length / Math.max(1, Math.floor(width / 70))));
  const total = stacks.reduce((s, b) => s + b.up + b.down, 0);
  return (
    <div ref={ref} data-testid="revenue-chart">
      <svg
        width="100%"
        height={H}
        role="img"
        aria-label={t('DASHBOARD.CHART.REVENUE_ARIA', { total: fmt.money(total, data.currency) })}
      >
        <line x1={0} x2={width} y1={y(0)} y2={y(0)} stroke="var(--app-border)" />
        {stacks.map((s, i) => {
          let up = 0;
          let down = 0;
          const x = i * slot + (slot - bar) / 2;
          return (
            <g key={s.bucket}>
              <title>{`${bucketLabel(s.bucket, intl.locale, 'full')}: ${fmt.money(s.up + s.down, data.currency)}`}</title>
              {s.parts.map(([id, v]) => {
                const from = v >= 0 ? up : down;
                const to = from + v;
                if (v >= 0) up = to;
                else down = to;
                return (
                  <rect
                    key={id}
                    x={x}
                    width={bar}
                    y={Math.min(y(from), y(to))}
                    height={Math.max(0.5, Math.abs(y(from) - y(to)))}
                    fill={seriesColor(index.get(id) ?? 0)}
                  />
                );
              })}
              {i % every === 0 && (
                <text
                  x={i === 0 ? x : i === stacks.length - 1 ? x + bar : x + bar / 2}
                  y={H - 6}
                  fontSize={10}
                  textAnchor={i === 0 ? 'start' : i === stacks.length - 1 ? 'end' : 'middle'}
                  fill="var(--mantine-color-dimmed)"
                >
                  {bucketLabel(s.bucket, intl.locale, 'axis')}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <Group gap="md" mt="xs">
        {challenges.map((c, i) => (
          <Group key={c.id} gap={6} wrap="nowrap">
            <span
              style={{ width: 10, height: 10, borderRadius: 2, background: seriesColor(i), display: 'inline-block' }}
            />
            <Text size="xs">{c.name}</Text>
          </Group>
        ))}
      </Group>
    </div>
  );
}
