import type { NewsEvent } from '@app/contracts/news';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { eventDays } from '../model/event-days';
import { ImpactBadge, RestrictedMarker } from './impact-badge';

/** The week's events by day (model/event-days.ts), each with its time, currency and figures. */
export function NewsEventList({ events, timeZone }: { events: NewsEvent[]; timeZone: string }) {
  const { t } = useT();
  const format = useFormat();
  const days = useMemo(() => eventDays(events, timeZone), [events, timeZone]);
  // A day is named from its key, a date: read at UTC midnight, it is that date in UTC.
  const dayTitle = useMemo(
    () => new Intl.DateTimeFormat(format.locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }),
    [format.locale],
  );

  return (
    <Stack gap="lg" data-testid="news-events">
      {days.map(([day, items]) => (
        <section key={day} aria-labelledby={`news-day-${day}`}>
          <Title order={2} size="h5" mb="xs" id={`news-day-${day}`}>
            {dayTitle.format(new Date(`${day}T00:00:00Z`))}
          </Title>
          <Paper withBorder radius="md">
            <Stack gap={0}>
              {items.map((e, i) => (
                <Group
                  key={e.id}
                  gap="sm"
                  px="md"
                  py="sm"
                  wrap="nowrap"
                  align="flex-start"
                  style={i > 0 ? { borderTop: '1px solid var(--app-border)' } : undefined}
                  data-testid="news-event"
                  data-currency={e.currency}
                  data-impact={e.impact}
                >
                  <Text size="sm" fw={600} w={76} style={{ flexShrink: 0 }} className="tabular-nums">
                    {e.timeKind === 'all_day'
                      ? t('NEWS.TIME.ALL_DAY')
                      : e.timeKind === 'tentative'
                        ? t('NEWS.TIME.TENTATIVE')
                        : format.time(e.time, timeZone, { zone: false })}
                  </Text>
                  <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                    <Group gap="xs" wrap="wrap">
                      <Badge variant="default" size="sm" radius="sm">
                        {e.currency === 'ALL' ? t('NEWS.CURRENCY.ALL') : e.currency}
                      </Badge>
                      <ImpactBadge impact={e.impact} />
                      {e.restricted && <RestrictedMarker />}
                    </Group>
                    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {e.title}
                    </Text>
                    {(e.forecast || e.previous || e.actual) && (
                      <Group gap="md" wrap="wrap">
                        <Figure label={t('NEWS.ACTUAL')} value={e.actual} />
                        <Figure label={t('NEWS.FORECAST')} value={e.forecast} />
                        <Figure label={t('NEWS.PREVIOUS')} value={e.previous} />
                      </Group>
                    )}
                  </Stack>
                </Group>
              ))}
            </Stack>
          </Paper>
        </section>
      ))}
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Text size="xs" c="dimmed">
      {label}:{' '}
      <Text span size="xs" fw={600} c="var(--mantine-color-text)">
        {value || '—'}
      </Text>
    </Text>
  );
}
