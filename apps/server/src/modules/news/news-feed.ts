// The scheduled fetch of NEWS_FEED_URL: the file as the import takes it, or a reason it is not one.
import { NEWS_IMPORT_MAX_BYTES, type NewsFeedFailure, type NewsFeedFailureKind } from '@app/contracts/news';
import { parseNewsCsv, parseNewsJson, type ParseResult } from './news-parse.ts';

const TIMEOUT_MS = 15_000;

export type FeedResult = { ok: true; parsed: ParseResult } | { ok: false; error: string };

/**
 * The English reason stored for each kind of failure (news_imports.error). `feedFailureOf` reads the
 * kind back from it, so the two stay here side by side: change a text, change its pattern.
 */
const REASONS = {
  httpStatus: (status: number) => `HTTP ${status} from the feed`,
  unreachable: (detail: string) => `Unreachable: ${detail}`,
  tooLarge: () => `The feed is larger than ${NEWS_IMPORT_MAX_BYTES} bytes`,
  unreadable: (detail: string) => `Not a calendar: ${detail}`,
  empty: () => 'The feed holds no events',
};
const KIND_OF_REASON: Array<[RegExp, NewsFeedFailureKind]> = [
  [/^HTTP (\d{3}) from the feed$/, 'http_status'],
  [/^Unreachable: /, 'unreachable'],
  [/^The feed is larger than \d+ bytes$/, 'too_large'],
  [/^Not a calendar: /, 'unreadable'],
  [/^The feed holds no events$/, 'empty'],
];

/** The kind of a stored failure reason (with the HTTP status for `http_status`), for the reader's language. */
export function feedFailureOf(error: string): NewsFeedFailure {
  for (const [pattern, kind] of KIND_OF_REASON) {
    const match = pattern.exec(error);
    if (match) return { kind, status: kind === 'http_status' ? Number(match[1]) : null };
  }
  return { kind: 'unknown', status: null };
}

/** Thrown by readLimited past the limit: told apart from a connection that broke mid-body. */
class TooLarge extends Error {}

/**
 * GETs the feed and parses it: CSV when the URL ends in .csv or the server says text/csv, else the
 * JSON array. A failure (unreachable, non-200, too large, not the format, no valid event) is a
 * reason, never a throw: the caller records it and keeps the stored events.
 */
export async function fetchFeed(
  url: string,
  csvTimeZone: string,
  fetchImpl: typeof fetch = fetch,
): Promise<FeedResult> {
  let res: Response;
  try {
    res = await fetchImpl(url, {
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { accept: 'application/json, text/csv' },
    });
  } catch (err) {
    return { ok: false, error: REASONS.unreachable((err as Error).message) };
  }
  if (res.status !== 200) {
    await res.body?.cancel().catch(() => {});
    return { ok: false, error: REASONS.httpStatus(res.status) };
  }
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > NEWS_IMPORT_MAX_BYTES) {
    await res.body?.cancel().catch(() => {});
    return { ok: false, error: REASONS.tooLarge() };
  }
  let text: string;
  try {
    text = await readLimited(res, NEWS_IMPORT_MAX_BYTES);
  } catch (err) {
    return {
      ok: false,
      error: err instanceof TooLarge ? REASONS.tooLarge() : REASONS.unreachable((err as Error).message),
    };
  }
  const csv = /\.csv(\?|$)/i.test(url) || /text\/csv/i.test(res.headers.get('content-type') ?? '');
  const parsed = csv ? parseNewsCsv(text, csvTimeZone) : parseNewsJson(text);
  if (parsed.rows.length === 0) {
    const first = parsed.errors[0];
    return { ok: false, error: first ? REASONS.unreadable(first.message) : REASONS.empty() };
  }
  return { ok: true, parsed };
}

async function readLimited(res: Response, max: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw new TooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
