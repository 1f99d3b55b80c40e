import { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadMessages } from '../../../i18n/messages';
import { toastError, toastSuccess } from '../../../lib/toast';
import { accountKeys } from '../api/account-keys';
import { account, renderBlock } from '../test-fixtures';
import { LiveIndicator, useLiveAccountUpdates } from './live-updates';

// The test files run in a VM context holding jsdom's globals, which lack the stream: Node's is the
// one the fetch API's Response (Node's too) reads.
const ReadableStream = (globalThis.ReadableStream ?? NodeReadableStream) as typeof globalThis.ReadableStream;

vi.mock('../../../lib/toast', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

function Live() {
  return <LiveIndicator status={useLiveAccountUpdates()} />;
}

/** A server-sent-events answer that stays open; `push` writes to it. */
function sseResponse() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    push: (text: string) => controller.enqueue(encoder.encode(text)),
  };
}

describe('live updates', () => {
  beforeAll(() => loadMessages('en'));
  afterEach(() => vi.clearAllMocks());

  it('connected but the account data is stale: not "Live", says it waits for data', () => {
    const { unmount } = renderBlock(<LiveIndicator status="live" waiting />);
    expect(screen.getByTestId('live-indicator').getAttribute('data-status')).toBe('waiting');
    expect(screen.getByTestId('live-indicator').textContent).toBe('Connected · no new data');
    unmount();
    renderBlock(<LiveIndicator status="live" />);
    expect(screen.getByTestId('live-indicator').textContent).toBe('Live');
  });

  it('without the stream endpoint the indicator says offline (the screens keep refetching)', async () => {
    localStorage.setItem('access', 'tok');
    globalThis.fetch = vi.fn(async () =>
      Response.json({ code: 'NOT_FOUND', message: 'Route not found' }, { status: 404 }),
    ) as typeof fetch;
    const { unmount } = renderBlock(<Live />);
    // After the second the session check is given before falling back.
    await waitFor(() => expect(screen.getByTestId('live-indicator').getAttribute('data-status')).toBe('offline'), {
      timeout: 3_000,
    });
    expect(screen.getByTestId('live-indicator').textContent).toBe('Offline');
    unmount();
  });

  it('an event refetches that account at once, a breach shows a toast (once), a pass too', async () => {
    localStorage.setItem('access', 'tok');
    const active = account({ id: 'acc-1', login: '50000001', status: 'active' });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(accountKeys.list(), { accounts: [active] });
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const stream = sseResponse();
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      expect(String(input)).toBe('/api/accounts/stream');
      expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok');
      return stream.response;
    });
    globalThis.fetch = fetchMock as typeof fetch;

    renderBlock(<Live />, { client });
    await waitFor(() => expect(screen.getByTestId('live-indicator').getAttribute('data-status')).toBe('live'), {
      timeout: 5000,
    });

    // A heartbeat (comment) changes nothing; an event for the account refetches its queries.
    stream.push(': heartbeat\n\n');
    stream.push('event: account\ndata: {"accountId":"acc-1","status":"active","breach":null,"passed":false}\n\n');
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: accountKeys.account('acc-1') }));
    expect(toastError).not.toHaveBeenCalled();

    const breach =
      '{"accountId":"acc-1","status":"failed","breach":{"rule":"daily_loss","at":"2026-11-23T10:00:00Z"},"passed":false}';
    stream.push(`event: account\ndata: ${breach}\n\n`);
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(
        '100K Two-Step · 50000001 failed: Max daily loss breached. The breach report is on the account overview.',
        'account-acc-1:breach',
      ),
    );
    // The same final state again (a later batch): no second toast.
    stream.push(`event: account\ndata: ${breach}\n\n`);
    stream.push('event: account\ndata: {"accountId":"acc-2","status":"passed","breach":null,"passed":true}\n\n');
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('acc-2 passed! Well done.', 'account-acc-2:passed'));
    expect(toastError).toHaveBeenCalledTimes(1);

    // The server may have missed changes (its subscription dropped): everything shown is refetched.
    stream.push('event: resync\ndata: {}\n\n');
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: accountKeys.all }));
  });
});
