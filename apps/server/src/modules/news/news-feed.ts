// The scheduled fetch of NEWS_FEED_URL: the file as the import takes it, or a reason it is not one.
import { NEWS_IMPORT_MAX_BYTES } from '@app/contracts/news';
import { parseNewsCsv, parseNewsJson, type ParseResult } from './news-parse.ts';

const TIMEOUT_MS = 15_000;

export type FeedResult = { ok: true; parsed: ParseResult } | { ok: false; error: string };

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
    return { ok: false, error: `Unreachable: ${(err as Error).message}` };
  }
  if (res.status !== 200) {
    await res.body?.cancel().catch(() => {});
    return { ok: false, error: `HTTP ${res.status} from the feed` };
  }
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > NEWS_IMPORT_MAX_BYTES) {
    await res.body?.cancel().catch(() => {});
    return { ok: false, error: `The feed is larger than ${NEWS_IMPORT_MAX_BYTES} bytes` };
  }
  let text: string;
  try {
    text = await readLimited(res, NEWS_IMPORT_MAX_BYTES);
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  }
  const csv = /\.csv(\?|$)/i.test(url) || /text\/csv/i.test(res.headers.get('content-type') ?? '');
  const parsed = csv ? parseNewsCsv(text, csvTimeZone) : parseNewsJson(text);
  if (parsed.rows.length === 0) {
    const first = parsed.errors[0];
    return { ok: false, error: first ? `Not a calendar: ${first.message}` : 'The feed holds no events' };
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
      throw new Error(`The feed is larger than ${max} bytes`);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
