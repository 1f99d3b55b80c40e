import type { NextRestrictedResponse } from '@app/contracts/news';
import { Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useT, type Translate } from '../../i18n/use-t';
import { getJson } from '../../lib/api-client';
import { useFormat } from '../../lib/format/use-format';

const pad = (n: number) => String(n).padStart(2, '0');

/** The time left until `at`: "2 days 03:04:05" (the days in the reader's language), or "03:04:05" within a day. */
export function countdownText(at: number, now: number, t: Translate): string {
  const total = Math.max(0, Math.floor((at - now) / 1000));
  const days = Math.floor(total / 86_400);
  const clock = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return days > 0 ? t('NEWS.NEXT.DAYS_CLOCK', { days, clock }) : clock;
}

/**
 * The next high-impact (restricted) event and a live countdown to it: on the news calendar and on
 * the account overview. Refetched when it is reached (the next one then shows).
 */
export function NextRestrictedCountdown({ timeZone }: { timeZone?: string }) {
  const { t } = useT();
  const format = useFormat();
  const query = useQuery({
    queryKey: ['news', 'next-restricted'],
    queryFn: ({ signal }) => getJson<NextRestrictedResponse>('/api/news/next-restricted', signal),
    staleTime: 60_000,
  });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const event = query.data?.event;
  const at = event ? Date.parse(event.time) : 0;
  const { refetch } = query;
  useEffect(() => {
    if (event && now >= at) void refetch();
  }, [event, now, at, refetch]);

  if (query.isPending) return <Skeleton h={56} aria-label={t('COMMON.LOADING')} />;
  if (query.isError || !event) {
    return (
      <Text size="sm" c="dimmed" data-testid="next-restricted-none">
        {query.isError ? t('NEWS.NEXT.ERROR') : t('NEWS.NEXT.NONE')}
      </Text>
    );
  }
  return (
    <Stack gap={4} data-testid="next-restricted">
      <Group gap="xs" wrap="nowrap">
        <IconAlertTriangle size={18} aria-hidden color="var(--mantine-color-red-filled)" />
        <Text size="sm" fw={600}>
          {t('NEWS.NEXT.TITLE')}
        </Text>
      </Group>
      <Text fz={24} fw={700} role="timer" className="tabular-nums" data-testid="next-restricted-clock">
        {countdownText(at, now, t)}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {event.currency === 'ALL' ? t('NEWS.CURRENCY.ALL') : event.currency} · {event.title}
      </Text>
      <Text size="xs" c="dimmed">
        {format.dateTime(event.time, timeZone)}
      </Text>
    </Stack>
  );
}
