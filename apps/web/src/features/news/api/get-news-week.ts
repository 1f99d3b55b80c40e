import type { NewsWeekResponse } from '@app/contracts/news';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import type { NewsFilters } from '../model/filters';
import type { WeekRange } from '../model/week';
import { newsKeys } from './news-keys';

export type { NewsWeekResponse };

/** GET /api/news/events: the week's events, filtered on the server; the week's currencies. */
export function newsWeekQueryOptions(range: WeekRange, filters: NewsFilters) {
  const params = { ...range, impact: filters.impact.join(','), currency: filters.currency.join(',') };
  const search = new URLSearchParams({ from: params.from, to: params.to, timeZone: params.timeZone });
  if (params.impact) search.set('impact', params.impact);
  if (params.currency) search.set('currency', params.currency);
  return queryOptions({
    queryKey: newsKeys.week(params),
    queryFn: ({ signal }) => getJson<NewsWeekResponse>(`/api/news/events?${search.toString()}`, signal),
    placeholderData: keepPreviousData,
  });
}

export const useNewsWeek = (range: WeekRange, filters: NewsFilters) => useQuery(newsWeekQueryOptions(range, filters));
