import type { NewsViolations } from '@app/contracts/news';
import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useT } from '../../i18n/use-t';
import { useFormat } from '../../lib/format/use-format';

/**
 * Trades flagged by the restricted-news rule (opened or closed within the window of a high-impact
 * event of a traded currency): for the member's overview and the payout review. Flags, not breaches.
 */
export function NewsViolationsList({ data, timeZone }: { data: NewsViolations; timeZone?: string }) {
  const { t } = useT();
  const format = useFormat();
  const window = t('NEWS.VIOLATIONS.WINDOW', { before: data.minutesBefore, after: data.minutesAfter });
  if (data.violations.length === 0) {
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
      title={t('NEWS.VIOLATIONS.COUNT', { count: data.violations.length })}
      data-testid="news-violations"
      // The body may shrink with the alert (a flex item does not by default), so its text wraps
      // instead of being cut off by the alert's edge.
      styles={{ body: { minWidth: 0 } }}
    >
      <Text size="xs" mb="xs">
        {window}
      </Text>
      {/* A list, not a table: the alert is narrow even on a desktop (a card in a column), and each
          flag reads whole on two wrapping lines: the trade and when, then the event. */}
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 'var(--mantine-spacing-xs)' }}>
        {data.violations.map((v) => (
          <li key={`${v.ticket}-${v.side}-${v.event.id}`} data-testid="news-violation">
            <Text size="sm">
              <Text span fw={600} size="sm">
                #{v.ticket} {v.symbol}
              </Text>{' '}
              · {t(v.side === 'open' ? 'NEWS.VIOLATIONS.OPENED' : 'NEWS.VIOLATIONS.CLOSED')}{' '}
              {format.dateTimeSeconds(v.tradeTime, timeZone)}
            </Text>
            <Text size="sm">
              {v.event.currency} · {v.event.title} ({format.time(v.event.time, timeZone)})
            </Text>
          </li>
        ))}
      </ul>
    </Alert>
  );
}
