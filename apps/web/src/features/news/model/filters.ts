import { NEWS_IMPACTS, type NewsImpact } from '@app/contracts/news';
import { getJson, setJson } from '../../../lib/storage';

/** The calendar's filters, remembered in this browser (no impact/currency chosen = all). */
export interface NewsFilters {
  impact: NewsImpact[];
  currency: string[];
}

const STORAGE_KEY = 'news-calendar.filters';

export function loadFilters(): NewsFilters {
  const stored = getJson<Partial<NewsFilters>>(STORAGE_KEY);
  const impact = Array.isArray(stored?.impact)
    ? stored.impact.filter((i): i is NewsImpact => (NEWS_IMPACTS as readonly string[]).includes(i))
    : [];
  const currency = Array.isArray(stored?.currency)
    ? stored.currency.filter((c) => typeof c === 'string' && /^([A-Z]{3}|ALL)$/.test(c))
    : [];
  return { impact, currency };
}

export function saveFilters(filters: NewsFilters): void {
  setJson(STORAGE_KEY, filters);
}
