import type { AccountOverview } from '@app/contracts/trading';
import { ActionIcon, Group, Stack, Table, Text } from '@mantine/core';
import { IconCalendarOff, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useT } from '../../../i18n/use-t';
import { dateTimeFormat } from '../../../lib/format/intl-cache';
import { useFormat } from '../../../lib/format/use-format';
import { useDaily, type DailyRow } from '../api/get-daily';
import { addMonths, dayNoonUtc, monthGrid } from '../model/calendar';
import { Block, BlockEmpty, BlockError, BlockSkeleton } from './block';
import { resultColor } from './colors';
import classes from './accounts.module.css';

/** Monday … Sunday in the reader's language (1 Jan 2024 was a Monday). */
function weekdayNames(locale: string) {
  return Array.from({ length: 7 }, (_, i) => {
    const day = `2024-01-0${i + 1}T12:00:00Z`;
    return {
      short: dateTimeFormat(locale, { weekday: 'narrow', timeZone: 'UTC' }).format(new Date(day)),
      long: dateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(day)),
    };
  });
}

/**
 * The daily summary: a month calendar coloured by each trading day's result, and the month's
 * table (day, trades, lots, result, lowest equity). Days are the account's trading days.
 */
export function DailySummary({
  overview: o,
  month: chosen,
  onMonth,
}: {
  overview: AccountOverview;
  month: string | null;
  onMonth: (month: string) => void;
}) {
  const { t } = useT();
  const format = useFormat();
  const query = useDaily(o.account.id);
  const days = query.data?.days;
  const byDay = useMemo(() => new Map((days ?? []).map((d) => [d.day, d])), [days]);
  const firstMonth =
    days && days.length > 0 ? days.reduce((a, d) => (d.day < a ? d.day : a), days[0]!.day).slice(0, 7) : null;
  const lastMonth = o.tradingDay.slice(0, 7);
  const latest =
    days && days.length > 0 ? days.reduce((a, d) => (d.day > a ? d.day : a), days[0]!.day).slice(0, 7) : lastMonth;
  const month = chosen ?? latest;
  const cur = o.currency;
  const weekdays = weekdayNames(format.locale);
  const monthRows: DailyRow[] = (days ?? [])
    .filter((d) => d.day.startsWith(month))
    .sort((a, b) => b.day.localeCompare(a.day));
  const monthTotal = monthRows.reduce((s, d) => s + d.resultCents, 0);
  const monthName = dateTimeFormat(format.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-15T12:00:00Z`),
  );
  const dayName = (day: string) => format.date(dayNoonUtc(day), 'UTC');

  let body;
  if (query.isError && !days) body = <BlockError error={query.error} onRetry={() => void query.refetch()} />;
  else if (!days) body = <BlockSkeleton lines={6} height={28} />;
  else if (days.length === 0)
    body = (
      <BlockEmpty
        icon={<IconCalendarOff size={26} aria-hidden />}
        title={t('ACCOUNTS.DAILY.EMPTY')}
        text={t('ACCOUNTS.DAILY.EMPTY_TEXT')}
      />
    );
  else
    body = (
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <ActionIcon
            variant="default"
            onClick={() => onMonth(addMonths(month, -1))}
            disabled={firstMonth !== null && month <= firstMonth}
            aria-label={t('ACCOUNTS.DAILY.PREVIOUS')}
            data-testid="daily-previous"
          >
            <IconChevronLeft size={16} aria-hidden />
          </ActionIcon>
          <Stack gap={0} align="center">
            <Text fw={700} data-testid="daily-month" aria-live="polite">
              {monthName}
            </Text>
            <Text size="xs" c={resultColor(monthTotal)} fw={600} className={classes.num}>
              {t('ACCOUNTS.DAILY.MONTH_TOTAL', { amount: format.signedMoney(monthTotal, cur) })}
            </Text>
          </Stack>
          <ActionIcon
            variant="default"
            onClick={() => onMonth(addMonths(month, 1))}
            disabled={month >= lastMonth}
            aria-label={t('ACCOUNTS.DAILY.NEXT')}
            data-testid="daily-next"
          >
            <IconChevronRight size={16} aria-hidden />
          </ActionIcon>
        </Group>
        <table className={classes.calendar} data-testid="daily-calendar">
          <caption className={classes.srOnly}>{t('ACCOUNTS.DAILY.CALENDAR', { month: monthName })}</caption>
          <thead>
            <tr>
              {weekdays.map((w) => (
                <th key={w.long} scope="col" abbr={w.long}>
                  {w.short}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {monthGrid(month).map((week, i) => (
              <tr key={i}>
                {week.map((day, j) => {
                  if (!day) return <td key={j} />;
                  const row = byDay.get(day);
                  const tone = row ? (row.resultCents > 0 ? 'up' : row.resultCents < 0 ? 'down' : 'flat') : undefined;
                  return (
                    <td key={j} data-tone={tone} data-day={day} data-testid={row ? 'daily-cell' : undefined}>
                      <span className={classes.calDay}>{Number(day.slice(8))}</span>
                      {row && (
                        <span className={classes.calAmount}>
                          <span className={classes.srOnly}>{t('ACCOUNTS.DAILY.CELL_DAY', { day: dayName(day) })} </span>
                          <span style={{ color: resultColor(row.resultCents) }}>
                            {format.signedMoney(row.resultCents, cur)}
                          </span>
                          <span className={classes.calTrades}>
                            {t('ACCOUNTS.DAILY.TRADES_N', { count: row.trades })}
                          </span>
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        {monthRows.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center">
            {t('ACCOUNTS.DAILY.NO_DAYS', { month: monthName })}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={0}>
            <Table verticalSpacing="xs" striped data-testid="daily-table">
              <caption className={classes.srOnly}>{t('ACCOUNTS.DAILY.TABLE', { month: monthName })}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('ACCOUNTS.DAILY.DAY')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('ACCOUNTS.DAILY.TRADES')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right" visibleFrom="xs">
                    {t('ACCOUNTS.DAILY.LOTS')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('ACCOUNTS.DAILY.RESULT')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right" visibleFrom="xs">
                    {t('ACCOUNTS.DAILY.MIN_EQUITY')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody className={classes.num}>
                {monthRows.map((d) => (
                  <Table.Tr key={d.day} data-testid="daily-row">
                    <Table.Th scope="row" fw={500}>
                      {dayName(d.day)}
                    </Table.Th>
                    <Table.Td ta="right">{format.number(d.trades)}</Table.Td>
                    <Table.Td ta="right" visibleFrom="xs">
                      {format.number(d.lots, { maximumFractionDigits: 2 })}
                    </Table.Td>
                    <Table.Td ta="right" fw={600} style={{ color: resultColor(d.resultCents) }}>
                      {format.signedMoney(d.resultCents, cur)}
                    </Table.Td>
                    <Table.Td ta="right" visibleFrom="xs">
                      {format.money(d.minEquityCents, cur)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    );

  return (
    <Block title={t('ACCOUNTS.DAILY.TITLE')} headingId="daily-title" testId="daily-summary">
      {body}
      {days && days.length > 0 && (
        <Text size="xs" c="dimmed" mt="sm">
          {t('ACCOUNTS.DAILY.ZONE', { zone: query.data?.timeZone ?? o.timeZone })}
        </Text>
      )}
    </Block>
  );
}
