import { Button, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconCalendarEvent, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListMessage } from '../../../components/list-table/list-message';
import { ListSkeleton } from '../../../components/list-table/list-skeleton';
import { NextRestrictedCountdown } from '../../../components/news/next-restricted-countdown';
import { useT } from '../../../i18n/use-t';
import { PageFrame } from '../../../layout/page-frame';
import { useDisplayTimeZone } from '../../../lib/format/display-zone';
import { sameZoneName } from '../../../lib/format/format-date';
import { useFormat } from '../../../lib/format/use-format';
import { useNewsWeek } from '../api/get-news-week';
import { NewsEventList } from '../components/news-event-list';
import { NewsFiltersBar } from '../components/news-filters';
import { NewsLoadError } from '../components/news-load-error';
import { loadFilters, saveFilters, type NewsFilters } from '../model/filters';
import { addDays, isWeekKey, mondayOf, todayKey, weekRange } from '../model/week';

/**
 * /news-calendar: the week's economic events (this week by default; `?week=` names its Monday),
 * times in the viewer's zone, filters by impact and currency remembered in this browser,
 * high-impact events marked restricted, and the next restricted event's countdown.
 */
export default function NewsCalendarPage() {
  const { t } = useT();
  const format = useFormat();
  const timeZone = useDisplayTimeZone();
  const [search, setSearch] = useSearchParams();
  const thisWeek = mondayOf(todayKey(timeZone));
  const asked = search.get('week');
  const week = isWeekKey(asked) ? mondayOf(asked) : thisWeek;
  const range = useMemo(() => weekRange(week, timeZone), [week, timeZone]);
  const zoneShort = format.zoneName(range.from, timeZone);
  const [filters, setFilters] = useState<NewsFilters>(loadFilters);
  const changeFilters = useCallback((next: NewsFilters) => {
    setFilters(next);
    saveFilters(next);
  }, []);
  const query = useNewsWeek(range, filters);
  const goTo = (monday: string) => {
    const next = new URLSearchParams(search);
    if (monday === thisWeek) next.delete('week');
    else next.set('week', monday);
    setSearch(next);
  };
  const filtered = filters.impact.length > 0 || filters.currency.length > 0;

  return (
    <PageFrame title={t('MENU.NEWS_CALENDAR')} breadcrumbs={[{ label: t('MENU.NEWS_CALENDAR') }]}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" mb="lg">
        <Paper withBorder p="md" radius="md">
          <Group justify="space-between" wrap="wrap" gap="xs" mb="sm">
            <Text fw={700} data-testid="news-week-label">
              {t('NEWS.WEEK', {
                from: format.date(range.from, timeZone),
                to: format.date(Date.parse(range.to) - 1, timeZone),
              })}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Button
                variant="default"
                size="xs"
                onClick={() => goTo(addDays(week, -7))}
                aria-label={t('NEWS.PREVIOUS_WEEK')}
                data-testid="news-prev"
              >
                <IconChevronLeft size={16} aria-hidden />
              </Button>
              <Button
                variant="default"
                size="xs"
                onClick={() => goTo(thisWeek)}
                disabled={week === thisWeek}
                data-testid="news-today"
              >
                {t('NEWS.TODAY')}
              </Button>
              <Button
                variant="default"
                size="xs"
                onClick={() => goTo(addDays(week, 7))}
                aria-label={t('NEWS.NEXT_WEEK')}
                data-testid="news-next"
              >
                <IconChevronRight size={16} aria-hidden />
              </Button>
            </Group>
          </Group>
          <Text size="sm" c="dimmed" mb="md" data-testid="news-zone">
            {t('NEWS.ZONE', { zone: timeZone, short: zoneShort, same: sameZoneName(timeZone, zoneShort) })}
          </Text>
          <NewsFiltersBar filters={filters} currencies={query.data?.currencies ?? []} onChange={changeFilters} />
        </Paper>
        <Paper withBorder p="md" radius="md">
          <NextRestrictedCountdown timeZone={timeZone} />
          <Text size="xs" c="dimmed" mt="sm">
            {t('NEWS.RESTRICTED.HINT')}
          </Text>
        </Paper>
      </SimpleGrid>
      <div aria-live="polite">
        {query.isPending ? (
          <Paper withBorder radius="md">
            <ListSkeleton rows={8} />
          </Paper>
        ) : query.isError ? (
          <NewsLoadError onRetry={() => void query.refetch()} testId="news-error" />
        ) : query.data.events.length === 0 ? (
          <Paper withBorder radius="md">
            <ListMessage
              icon={<IconCalendarEvent size={28} aria-hidden />}
              title={filtered ? t('NEWS.NO_MATCH.TITLE') : t('NEWS.EMPTY_WEEK.TITLE')}
              text={filtered ? t('NEWS.NO_MATCH.TEXT') : t('NEWS.EMPTY_WEEK.TEXT')}
              testId="news-empty"
            >
              {filtered && (
                <Button variant="default" onClick={() => changeFilters({ impact: [], currency: [] })}>
                  {t('NEWS.CLEAR_FILTERS')}
                </Button>
              )}
            </ListMessage>
          </Paper>
        ) : (
          <NewsEventList events={query.data.events} timeZone={timeZone} />
        )}
      </div>
    </PageFrame>
  );
}
