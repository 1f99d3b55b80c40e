// The feed's failure reasons: each one stored in English and read back as a kind the web translates.
import { NEWS_IMPORT_MAX_BYTES } from '@app/contracts/news';
import { describe, expect, it } from 'vitest';
import { feedFailureOf, fetchFeed } from './news-feed.ts';

const URL_JSON = 'http://feed.test/calendar.json';

/** The reason fetchFeed gives for the answer `fetchImpl` makes. */
async function reasonFor(fetchImpl: typeof fetch): Promise<string> {
  const result = await fetchFeed(URL_JSON, 'America/New_York', fetchImpl);
  if (result.ok) throw new Error('expected a failure');
  return result.error;
}

/** A body of `chunks` chunks of 1 MiB, then `end` (close, or break the connection). */
function streamed(chunks: number, end: 'close' | 'break'): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent++ < chunks) controller.enqueue(new Uint8Array(1024 * 1024).fill(32));
      else if (end === 'close') controller.close();
      else controller.error(new Error('socket hang up'));
    },
  });
}

describe('feed failures', () => {
  it.each([
    ['a non-200 answer', async () => new Response('busy', { status: 503 }), { kind: 'http_status', status: 503 }],
    ['no answer', async () => Promise.reject(new TypeError('fetch failed')), { kind: 'unreachable', status: null }],
    [
      'a connection broken mid-body',
      async () => new Response(streamed(1, 'break')),
      { kind: 'unreachable', status: null },
    ],
    [
      'a body over the limit',
      async () => new Response(streamed(NEWS_IMPORT_MAX_BYTES / (1024 * 1024) + 1, 'close')),
      { kind: 'too_large', status: null },
    ],
    ['not a calendar', async () => new Response('<html>oops</html>'), { kind: 'unreadable', status: null }],
    ['an empty calendar', async () => new Response('[]'), { kind: 'empty', status: null }],
  ] as const)('reads the kind back from the reason stored for %s', async (_name, answer, failure) => {
    const reason = await reasonFor(answer as typeof fetch);
    expect(feedFailureOf(reason)).toEqual(failure);
    // Stored cut to 500 characters: the kind survives.
    expect(feedFailureOf(reason.slice(0, 500))).toEqual(failure);
  });

  it('calls a reason it does not recognise unknown', () => {
    expect(feedFailureOf('timeout')).toEqual({ kind: 'unknown', status: null });
    expect(feedFailureOf('')).toEqual({ kind: 'unknown', status: null });
  });
});
