// Parsing of the common weekly calendar formats: the JSON array and its CSV. Pure: the file's text
// in, rows and row-level errors (by line) out. Nothing here touches the database.
import {
  NEWS_CURRENCY_PATTERN,
  type NewsImpact,
  type NewsImportError,
  type NewsImportErrorCode,
  type NewsImportErrorField,
  type NewsTimeKind,
} from '@app/contracts/news';
import { zonedToUtc } from '@app/contracts/time-zones';

export interface ParsedNewsRow {
  line: number;
  time: Date;
  timeKind: NewsTimeKind;
  /** The day as the file dates it, in the source's zone (YYYY-MM-DD). */
  localDate: string;
  currency: string;
  title: string;
  impact: NewsImpact;
  forecast: string;
  previous: string;
}

export interface ParseResult {
  rows: ParsedNewsRow[];
  errors: NewsImportError[];
}

const MAX_TITLE = 200;
const MAX_VALUE = 40;
const MAX_ROWS = 50_000;
const IMPACTS: Record<string, NewsImpact> = {
  high: 'high',
  medium: 'medium',
  low: 'low',
  holiday: 'holiday',
  'non-economic': 'holiday',
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** `&amp;`, `&#39;`, `&#x2F;` … as the feeds write them; unknown names stay as written. */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Trimmed, entities decoded, inner runs of spaces collapsed. */
function clean(v: unknown): string {
  return typeof v === 'string' ? decodeEntities(v).replace(/\s+/g, ' ').trim() : '';
}

/** lower(title) with spaces collapsed: the title part of the natural key. */
export function titleKey(title: string): string {
  return title.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A row error: where, a code the web translates (with its numbers), and the English for API clients. */
export function importError(
  line: number,
  field: NewsImportErrorField,
  code: NewsImportErrorCode,
  message: string,
  params: Record<string, number> = {},
): NewsImportError {
  return { line, field, code, params, message };
}

class RowChecker {
  readonly errors: NewsImportError[] = [];
  constructor(private readonly line: number) {}
  fail(field: NewsImportErrorField, code: NewsImportErrorCode, message: string, params?: Record<string, number>): void {
    this.errors.push(importError(this.line, field, code, message, params));
  }
  title(raw: unknown): string {
    const title = clean(raw);
    if (!title) this.fail('title', 'title_required', 'A title is required');
    else if (title.length > MAX_TITLE)
      this.fail('title', 'too_long', `At most ${MAX_TITLE} characters`, { max: MAX_TITLE });
    return title;
  }
  currency(raw: unknown): string {
    const currency = clean(raw).toUpperCase();
    if (!NEWS_CURRENCY_PATTERN.test(currency))
      this.fail('country', 'bad_currency', 'A currency code such as USD, or ALL');
    return currency;
  }
  impact(raw: unknown): NewsImpact {
    const impact = IMPACTS[clean(raw).toLowerCase()];
    if (!impact) this.fail('impact', 'bad_impact', 'One of High, Medium, Low, Holiday');
    return impact ?? 'low';
  }
  value(field: 'forecast' | 'previous', raw: unknown): string {
    if (raw !== undefined && raw !== null && typeof raw !== 'string' && typeof raw !== 'number') {
      this.fail(field, 'not_text', 'Must be text');
      return '';
    }
    const v = clean(typeof raw === 'number' ? String(raw) : raw);
    if (v.length > MAX_VALUE) this.fail(field, 'too_long', `At most ${MAX_VALUE} characters`, { max: MAX_VALUE });
    return v;
  }
}

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
const MIN_YEAR = 1970;
const MAX_YEAR = 2200;

function inRange(d: Date): boolean {
  const y = d.getUTCFullYear();
  return y >= MIN_YEAR && y <= MAX_YEAR;
}

/** To the minute (the natural key's precision and the calendar's). */
function toMinute(ms: number): Date {
  return new Date(Math.floor(ms / 60_000) * 60_000);
}

/** The JSON array: `[{title, country, date, impact, forecast, previous}]`; line = item number (1-based). */
export function parseNewsJson(content: string): ParseResult {
  let data: unknown;
  try {
    data = JSON.parse(content);
  } catch (err) {
    return { rows: [], errors: [importError(0, 'file', 'not_json', `Not valid JSON: ${(err as Error).message}`)] };
  }
  if (!Array.isArray(data)) {
    return { rows: [], errors: [importError(0, 'file', 'not_array', 'Expected an array of events')] };
  }
  if (data.length > MAX_ROWS) return { rows: [], errors: [tooManyRows()] };
  const rows: ParsedNewsRow[] = [];
  const errors: NewsImportError[] = [];
  data.forEach((item: unknown, i) => {
    const line = i + 1;
    const check = new RowChecker(line);
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      check.fail('row', 'not_object', 'Expected an object');
      errors.push(...check.errors);
      return;
    }
    const o = item as Record<string, unknown>;
    const title = check.title(o.title);
    const currency = check.currency(o.country);
    const impact = check.impact(o.impact);
    const forecast = check.value('forecast', o.forecast);
    const previous = check.value('previous', o.previous);
    const rawDate = typeof o.date === 'string' ? o.date.trim() : '';
    const time = ISO_WITH_OFFSET.test(rawDate) ? new Date(Date.parse(rawDate)) : null;
    if (!time || Number.isNaN(time.getTime()))
      check.fail('date', 'bad_iso_date', 'An ISO 8601 date-time with its offset, e.g. 2026-11-20T08:30:00-05:00');
    else if (!inRange(time)) check.fail('date', 'date_out_of_range', 'Out of range');
    if (check.errors.length) errors.push(...check.errors);
    else
      rows.push({
        line,
        time: toMinute(time!.getTime()),
        timeKind: 'exact',
        localDate: localDateWritten(rawDate, time!),
        currency,
        title,
        impact,
        forecast,
        previous,
      });
  });
  return { rows, errors };
}

/** The day an ISO date-time names at its own offset (its date part, read as the calendar would). */
function localDateWritten(iso: string, at: Date): string {
  const m = /(Z|([+-])(\d{2}):?(\d{2}))$/.exec(iso)!;
  const offsetMin = m[1] === 'Z' ? 0 : (m[2] === '-' ? -1 : 1) * (+m[3]! * 60 + +m[4]!);
  return new Date(at.getTime() + offsetMin * 60_000).toISOString().slice(0, 10);
}

const CSV_HEADER = ['title', 'country', 'date', 'time', 'impact', 'forecast', 'previous'];

/**
 * The CSV: `Title,Country,Date,Time,Impact,Forecast,Previous,URL`, dates MM-DD-YYYY, times like
 * `8:30am`, `All Day` or `Tentative`. It has no offset: times are wall-clock times in `timeZone`
 * (the import form's choice, America/New_York by default). "All Day" and "Tentative" rows are
 * placed at the day's start in that zone. Line numbers count the header as line 1.
 */
export function parseNewsCsv(content: string, timeZone: string): ParseResult {
  const records = csvRecords(content.replace(/^\uFEFF/, ''));
  const header = records[0]?.fields.map((h) => h.trim().toLowerCase()) ?? [];
  if (!CSV_HEADER.every((h, i) => header[i] === h)) {
    const message = 'Expected the header Title,Country,Date,Time,Impact,Forecast,Previous,URL';
    return { rows: [], errors: [importError(1, 'header', 'bad_header', message)] };
  }
  if (records.length - 1 > MAX_ROWS) return { rows: [], errors: [tooManyRows()] };
  const rows: ParsedNewsRow[] = [];
  const errors: NewsImportError[] = [];
  for (const { line, fields } of records.slice(1)) {
    if (fields.every((f) => f.trim() === '')) continue;
    const check = new RowChecker(line);
    const [title, country, date, time, impact, forecast, previous] = fields;
    const row = {
      title: check.title(title),
      currency: check.currency(country),
      impact: check.impact(impact),
      forecast: check.value('forecast', forecast ?? ''),
      previous: check.value('previous', previous ?? ''),
    };
    const day = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/.exec((date ?? '').trim());
    const clock = parseClock((time ?? '').trim());
    let at: Date | null = null;
    if (!day || !validDate(+day[3]!, +day[1]!, +day[2]!)) check.fail('date', 'bad_csv_date', 'A date as MM-DD-YYYY');
    if (!clock) check.fail('time', 'bad_csv_time', 'A time such as 8:30am, All Day or Tentative');
    if (day && clock && !check.errors.some((e) => e.field === 'date')) {
      at = new Date(zonedToUtc(+day[3]!, +day[1]!, +day[2]!, clock.hour, clock.minute, timeZone));
      if (!inRange(at)) check.fail('date', 'date_out_of_range', 'Out of range');
    }
    if (check.errors.length) errors.push(...check.errors);
    else {
      const localDate = `${day![3]}-${day![1]!.padStart(2, '0')}-${day![2]!.padStart(2, '0')}`;
      rows.push({ line, time: toMinute(at!.getTime()), timeKind: clock!.kind, localDate, ...row });
    }
  }
  return { rows, errors };
}

function tooManyRows(): NewsImportError {
  return importError(0, 'file', 'too_many_rows', `At most ${MAX_ROWS} events per file`, { max: MAX_ROWS });
}

function validDate(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return y >= MIN_YEAR && y <= MAX_YEAR && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

function parseClock(s: string): { hour: number; minute: number; kind: NewsTimeKind } | null {
  const lower = s.toLowerCase();
  if (lower === 'all day' || lower === 'day 1' || lower === 'day 2') return { hour: 0, minute: 0, kind: 'all_day' };
  if (lower === 'tentative' || lower === '') return lower ? { hour: 0, minute: 0, kind: 'tentative' } : null;
  const m = /^(\d{1,2}):(\d{2})\s*(am|pm)?$/.exec(lower);
  if (!m) return null;
  let hour = +m[1]!;
  const minute = +m[2]!;
  if (minute > 59) return null;
  if (m[3]) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (m[3] === 'pm' ? 12 : 0);
  } else if (hour > 23) return null;
  return { hour, minute, kind: 'exact' };
}

/** RFC 4180 records (quotes, doubled quotes, commas and newlines inside quotes), each with its first line number. */
function csvRecords(text: string): { line: number; fields: string[] }[] {
  const out: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let startLine = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      fields.push(field);
      out.push({ line: startLine, fields });
      fields = [];
      field = '';
      line++;
      startLine = line;
    } else field += c;
  }
  if (field !== '' || fields.length) {
    fields.push(field);
    out.push({ line: startLine, fields });
  }
  return out;
}
