/**
 * The date filter's days (yyyy-mm-dd, the reader's own calendar) as the instants the API filters
 * on: `from` is the start of the first day, `to` the start of the day after the last (exclusive).
 */
const parseDay = (day: string): Date | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(date.getTime()) ? null : date;
};

export const dayStart = (day: string): string | undefined => parseDay(day)?.toISOString();

export function dayEnd(day: string): string | undefined {
  const date = parseDay(day);
  if (!date) return undefined;
  date.setDate(date.getDate() + 1);
  return date.toISOString();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Back to the input's day; for an exclusive end, the day before it. */
export function toDayInput(iso: string | undefined, exclusiveEnd = false): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (exclusiveEnd) date.setDate(date.getDate() - 1);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
