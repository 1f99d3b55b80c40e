import { Group, Stack, Text } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useT } from '../../../i18n/use-t';
import { sameZoneName } from '../../../lib/format/format-date';
import { useFormat } from '../../../lib/format/use-format';
import { clockText, timeLeft } from '../model/countdown';
import { useNow } from './use-now';
import classes from './accounts.module.css';

/**
 * A live countdown to the next daily reset (from the server's `nextDailyResetAt`, so 23- and
 * 25-hour days count right), with the reset's time in the trading-day zone and in the reader's
 * (their display zone unless `viewerTimeZone` names one).
 * `onReset` runs once when it reaches zero (the figures of the new day are then fetched).
 */
export function ResetCountdown({
  resetAt,
  timeZone,
  viewerTimeZone,
  onReset,
}: {
  resetAt: string;
  timeZone: string;
  viewerTimeZone?: string;
  onReset?: () => void;
}) {
  const { t } = useT();
  const format = useFormat();
  const viewerZone = viewerTimeZone ?? format.displayZone;
  const now = useNow(1000);
  const at = Date.parse(resetAt);
  const abbr = format.zoneName(at, timeZone);
  const left = timeLeft(at, now);
  const fired = useRef<string | null>(null);
  useEffect(() => {
    if (left.total === 0 && fired.current !== resetAt) {
      fired.current = resetAt;
      onReset?.();
    }
  }, [left.total, resetAt, onReset]);

  return (
    <Stack gap={4} data-testid="reset-countdown">
      <Group gap="xs" wrap="nowrap">
        <IconClockHour4 size={18} aria-hidden />
        <Text size="sm" fw={600}>
          {t('ACCOUNTS.RESET.IN')}
        </Text>
      </Group>
      <Text
        fz={28}
        fw={700}
        className={classes.num}
        role="timer"
        aria-label={t('ACCOUNTS.RESET.LEFT', { hours: left.hours, minutes: left.minutes })}
        data-testid="reset-clock"
      >
        {left.total === 0 ? t('ACCOUNTS.RESET.NOW') : clockText(left)}
      </Text>
      <Text size="sm" data-testid="reset-at">
        {t('ACCOUNTS.RESET.AT', {
          time: format.time(at, timeZone, { zone: false }),
          zone: timeZone,
          abbr,
          same: sameZoneName(timeZone, abbr),
        })}
      </Text>
      <Text size="sm" c="dimmed" data-testid="reset-local">
        {t('ACCOUNTS.RESET.LOCAL', {
          time: format.time(at, viewerZone),
          date: format.date(at, viewerZone),
          zone: viewerZone,
          // The time already carries the zone's abbreviation: "23:00 UTC", not "23:00 UTC (UTC)".
          same: sameZoneName(viewerZone, format.zoneName(at, viewerZone)),
        })}
      </Text>
    </Stack>
  );
}
