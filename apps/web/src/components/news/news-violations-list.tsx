import type { NewsViolations } from '@app/contracts/news';
import { Alert, Table, Text } from '@mantine/core';
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
    >
      <Text size="xs" mb="xs">
        {window}
      </Text>
      <Table.ScrollContainer minWidth={420}>
        <Table verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('NEWS.VIOLATIONS.TRADE')}</Table.Th>
              <Table.Th>{t('NEWS.VIOLATIONS.WHEN')}</Table.Th>
              <Table.Th>{t('NEWS.VIOLATIONS.EVENT')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.violations.map((v) => (
              <Table.Tr key={`${v.ticket}-${v.side}-${v.event.id}`}>
                <Table.Td>
                  #{v.ticket} {v.symbol}
                </Table.Td>
                <Table.Td>
                  {t(v.side === 'open' ? 'NEWS.VIOLATIONS.OPENED' : 'NEWS.VIOLATIONS.CLOSED')}{' '}
                  {format.dateTimeSeconds(v.tradeTime, timeZone)}
                </Table.Td>
                <Table.Td>
                  {v.event.currency} · {v.event.title} ({format.time(v.event.time, timeZone)})
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Alert>
  );
}
