import { dateTimeFormat } from '../../../lib/format/intl-cache';

/**
 * A revenue chart bucket ("2026-03-05", or "2026-03" for monthly buckets) in the reader's language.
 * The bucket is already a calendar day or month in the firm's zone: it is read and written in UTC
 * so no zone moves it to a neighbouring day. `axis` is short ("5 Mar", "Mar 2026"); `full` is for
 * the bar's tooltip ("Thu, 5 Mar 2026", "March 2026"). Anything else is shown as it came.
 */
export function bucketLabel(bucket: string, locale: string, form: 'axis' | 'full'): string {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(bucket);
  if (!m) return bucket;
  const day = m[3];
  const at = Date.UTC(+m[1]!, +m[2]! - 1, day ? +day : 1);
  const options: Intl.DateTimeFormatOptions = day
    ? form === 'axis'
      ? { day: 'numeric', month: 'short' }
      : { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }
    : { month: form === 'axis' ? 'short' : 'long', year: 'numeric' };
  return dateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(at);
}
