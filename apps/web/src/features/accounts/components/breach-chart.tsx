import { useElementSize } from '@mantine/hooks';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';

interface Point {
  time: string;
  equityCents: number;
}

const H = 220;
const PAD = { left: 8, right: 8, top: 16, bottom: 26 };

/**
 * The equity path of the hours before a breach against the level it crossed: a small SVG (it
 * prints sharp and needs no chart library). The breach moment is marked.
 */
export function BreachChart({
  points,
  levelCents,
  breachAt,
  breachEquityCents,
  currency,
  timeZone,
}: {
  points: Point[];
  levelCents: number;
  breachAt: string;
  breachEquityCents: number;
  currency: string;
  timeZone: string;
}) {
  const { t } = useT();
  const format = useFormat();
  // Drawn at the width it is shown at, so its labels stay readable on a phone.
  const { ref, width } = useElementSize<HTMLElement>();
  const W = Math.max(280, Math.round(width) || 640);
  const series = [...points];
  if (!series.some((p) => p.time === breachAt)) series.push({ time: breachAt, equityCents: breachEquityCents });
  series.sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
  const times = series.map((p) => Date.parse(p.time));
  const values = [...series.map((p) => p.equityCents), levelCents];
  const t0 = Math.min(...times);
  const t1 = Math.max(...times, t0 + 1);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const span = Math.max(hi - lo, 1);
  const x = (ms: number) => PAD.left + ((ms - t0) / (t1 - t0)) * (W - PAD.left - PAD.right);
  const y = (cents: number) => PAD.top + (1 - (cents - (lo - span * 0.1)) / (span * 1.2)) * (H - PAD.top - PAD.bottom);
  // Steps, not slopes: between two snapshots the engine knows only the last one (as it judged).
  const path = series
    .map((p, i) => {
      const px = x(Date.parse(p.time)).toFixed(1);
      const py = y(p.equityCents).toFixed(1);
      return i === 0 ? `M${px},${py}` : `H${px} V${py}`;
    })
    .join(' ');
  const bx = x(Date.parse(breachAt));
  const by = y(breachEquityCents);
  const first = series[0]!;
  const summary = t('ACCOUNTS.BREACH.CHART_LABEL', {
    from: format.dateTime(first.time, timeZone),
    start: format.money(first.equityCents, currency),
    end: format.money(breachEquityCents, currency),
    level: format.money(levelCents, currency),
  });

  return (
    <figure ref={ref} style={{ margin: 0 }} data-testid="breach-chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        width="100%"
        role="img"
        aria-label={summary}
        style={{ display: 'block', maxHeight: 260 }}
      >
        <line
          x1={PAD.left}
          x2={W - PAD.right}
          y1={y(levelCents)}
          y2={y(levelCents)}
          stroke="var(--acc-down)"
          strokeWidth={1.5}
          strokeDasharray="6 4"
        />
        <text x={PAD.left + 4} y={y(levelCents) - 6} fontSize={12} fill="var(--acc-down)">
          {t('ACCOUNTS.BREACH.CHART_LEVEL', { level: format.amount(levelCents, currency) })}
        </text>
        <path d={path} fill="none" stroke="var(--mantine-color-blue-filled)" strokeWidth={2} />
        <circle cx={bx} cy={by} r={5} fill="var(--acc-down)" />
        <text x={PAD.left} y={H - 8} fontSize={11} fill="var(--mantine-color-dimmed)">
          {format.time(first.time, timeZone)}
        </text>
        <text x={W - PAD.right} y={H - 8} fontSize={11} textAnchor="end" fill="var(--mantine-color-dimmed)">
          {format.time(breachAt, timeZone, { seconds: true })}
        </text>
      </svg>
      <figcaption style={{ fontSize: 'var(--mantine-font-size-xs)', color: 'var(--mantine-color-dimmed)' }}>
        {summary}
      </figcaption>
    </figure>
  );
}
