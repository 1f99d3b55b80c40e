import { DASHBOARD_RANGES, type DashboardRange } from '@app/contracts/dashboard';

export interface RangeState {
  range: DashboardRange;
  from?: string;
  to?: string;
}

const isRange = (v: string | null): v is DashboardRange => DASHBOARD_RANGES.includes(v as DashboardRange);
const isDay = (v: string | null): v is string => v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v);

/**
 * The range of the URL (?range=7d, or ?range=custom&from=…&to=…); 30 days when absent or bad.
 * `editing` keeps a custom range whose days are out of order (while the second one is typed).
 */
export function rangeFromSearch(search: URLSearchParams, editing = false): RangeState {
  const range = search.get('range');
  if (range === 'custom') {
    const from = search.get('from');
    const to = search.get('to');
    if (isDay(from) && isDay(to) && (editing || from <= to)) return { range, from, to };
    return { range: '30d' };
  }
  return { range: isRange(range) ? range : '30d' };
}

export function rangeToSearch(state: RangeState): URLSearchParams {
  const search = new URLSearchParams({ range: state.range });
  if (state.range === 'custom' && state.from && state.to) {
    search.set('from', state.from);
    search.set('to', state.to);
  }
  return search;
}

/** The change against the previous period in basis points; null when there is nothing to compare. */
export function deltaBps(current: number | null, previous: number | null | undefined): number | null {
  if (current === null || previous === null || previous === undefined) return null;
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) * 10_000) / Math.abs(previous));
}
