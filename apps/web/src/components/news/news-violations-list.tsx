import type { NewsViolations } from '@app/contracts/news';
import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useT } from '../../i18n/use-t';
import { useFormat } from '../../lib/format/use-format';
import { flaggedTrades } from './flagged-trades';

const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;

/**
 * Trades flagged by the restricted-news rule (opened or closed within the window of a high-impact
 * event of a traded currency), for the member's overview and the payout review: each trade once
 * (the count is of trades), with when it was opened and/or closed inside a window and the events
 * whose windows held that moment. Flags, not breaches: the firm decides.
 */
export function NewsViolationsList({ data }: { data: NewsViolations }) {
  const { t } = useT();
  const format = useFormat();
  const window = t('NEWS.VIOLATIONS.WINDOW', { before: data.minutesBefore, after: data.minutesAfter });
  const trades = flaggedTrades(data.violations);
  if (trades.length === 0) {
    return (
      <Text size="sm" data-testid="news-violations-none">
        {t('NEWS.VIOLATIONS.NONE')} {window}
      </Text>
    );
  }
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={t('NEWS.VIOLATIONS.TRADES', { count: trades.length })}
      data-testid="news-violations"
      // The body may shrink with the alert (a flex item does not by default), so long event titles
      // wrap instead of being cut off by the alert's edge.
      styles={{ body: { minWidth: 0 } }}
    >
      <Text size="xs" mb="xs">
        {window}
      </Text>
      {/* A list, not a table: the alert is narrow even on a desktop (a card in a column). */}
      <ul style={{ ...listStyle, display: 'grid', gap: 'var(--mantine-spacing-sm)' }}>
        {trades.map((trade) => (
          <li key={trade.ticket} data-testid="news-violation">
            <Text span fw={600} size="sm">
              #{trade.ticket} {trade.symbol}
            </Text>
            {trade.ends.map((end) => (
              <div key={end.side}>
                <Text size="sm">
                  {t(end.side === 'open' ? 'NEWS.VIOLATIONS.OPENED' : 'NEWS.VIOLATIONS.CLOSED')}{' '}
                  {format.dateTimeSeconds(end.time)}
                </Text>
                <ul style={{ ...listStyle, paddingInlineStart: 'var(--mantine-spacing-md)' }}>
                  {end.events.map((event) => (
                    <li key={event.id}>
                      <Text size="sm" c="dimmed">
                        {event.currency} · {event.title} ({format.time(event.time)})
                      </Text>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
