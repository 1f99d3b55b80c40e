import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useSearchParams } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../i18n/messages';
import { setDisplayTimeZone } from '../../../lib/format/display-zone';
import { mockFetch, renderRoutes } from '../../../test/render';
import { parseTradeFilters, type TradeFilters } from '../model/journal-filters';
import { account, overview } from '../test-fixtures';
import { TradeJournal } from './trade-journal';

const o = overview({ account: account({ id: 'acc-1', login: '50000001' }) });

/** The journal with its filters in the URL, kept as the trading overview keeps them. */
function Journal() {
  const [search, setSearch] = useSearchParams();
  const filters = parseTradeFilters(search);
  const patch = (values: Partial<TradeFilters>, options?: { replace?: boolean }) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(values)) {
          if (v === undefined || v === '') next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: options?.replace, preventScrollReset: true },
    );
  return <TradeJournal overview={o} filters={filters} onFilters={patch} onClear={() => setSearch({})} />;
}

function show(path = '/journal') {
  const calls = mockFetch({});
  const isTrades = (url: string) => url.startsWith('/api/accounts/acc-1/trades?');
  // Any filters: an empty page of the journal.
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ method: init?.method ?? 'GET', url, body: undefined, init });
    if (!isTrades(url)) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ trades: [], nextCursor: null, currency: 'USD' }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  }) as typeof fetch;
  const utils = renderRoutes([{ path: '/journal', element: <Journal /> }], path);
  /** The dates of the last journal request. */
  const asked = () => {
    const url = calls.filter((c) => isTrades(c.url)).at(-1)?.url;
    const q = new URL(url ?? '/', 'http://x').searchParams;
    return { from: q.get('from'), to: q.get('to') };
  };
  const search = () => Object.fromEntries(new URLSearchParams(utils.router.state.location.search));
  return { ...utils, asked, search };
}

const inputs = async () => ({
  from: (await screen.findByTestId('journal-from')) as HTMLInputElement,
  to: screen.getByTestId('journal-to') as HTMLInputElement,
});

/** The text an input is described by (its error, under Mantine). */
const description = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
    .join(' ')
    .trim();

describe('trade journal: date filter', () => {
  beforeAll(() => loadMessages('en'));

  it('the days are the reader’s days in their display zone, both included; the URL keeps the days', async () => {
    const { asked, search } = show();
    const { from, to } = await inputs();
    // The zone chosen on the profile (applied once the session has settled, as sign-in does).
    setDisplayTimeZone('Asia/Tokyo');
    fireEvent.change(from, { target: { value: '2026-11-27' } });
    fireEvent.change(to, { target: { value: '2026-11-29' } });
    expect(search()).toEqual({ from: '2026-11-27', to: '2026-11-29' });
    // Midnight of 27 Nov in Tokyo (UTC+9) is 15:00 UTC on the 26th; the server's `to` is inclusive
    // (time <= to), so the last instant asked for is the millisecond before midnight of 30 Nov there.
    await waitFor(() => expect(asked()).toEqual({ from: '2026-11-26T15:00:00.000Z', to: '2026-11-29T14:59:59.999Z' }));
    expect([from.value, to.value]).toEqual(['2026-11-27', '2026-11-29']);
  });

  it('a shared link’s days are read in the reader’s zone, asked again when that zone is known', async () => {
    const { asked } = show('/journal?from=2026-11-27&to=2026-11-29');
    // Before the session settles: the browser's zone (UTC under test).
    await waitFor(() => expect(asked()).toEqual({ from: '2026-11-27T00:00:00.000Z', to: '2026-11-29T23:59:59.999Z' }));
    act(() => setDisplayTimeZone('Asia/Tokyo'));
    await waitFor(() => expect(asked()).toEqual({ from: '2026-11-26T15:00:00.000Z', to: '2026-11-29T14:59:59.999Z' }));
  });

  it('a reversed range keeps both days and says so on To, even when both change before the URL catches up', async () => {
    const { asked, search } = show();
    const { from, to } = await inputs();
    // Two changes in a row, before a re-render (a fast hand, autofill, Playwright's fill).
    act(() => {
      fireEvent.change(from, { target: { value: '2026-11-10' } });
      fireEvent.change(to, { target: { value: '2026-11-05' } });
    });
    await waitFor(() => expect(search()).toEqual({ from: '2026-11-10', to: '2026-11-05' }));
    expect([from.value, to.value]).toEqual(['2026-11-10', '2026-11-05']);
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(description(to)).toBe('Must be a valid date after the start');
    expect(from.getAttribute('aria-invalid')).not.toBe('true');
    // What the fields say is what is asked (nothing matches), not a silently swapped range.
    await waitFor(() => expect(asked()).toEqual({ from: '2026-11-10T00:00:00.000Z', to: '2026-11-05T23:59:59.999Z' }));
    await screen.findByTestId('journal-no-matches');

    fireEvent.change(to, { target: { value: '2026-11-12' } });
    expect(search()).toEqual({ from: '2026-11-10', to: '2026-11-12' });
    expect(to.getAttribute('aria-invalid')).not.toBe('true');
    expect(description(to)).toBe('');
  });

  it('the fields follow the URL when it changes elsewhere (Clear filters, back)', async () => {
    const { router } = show('/journal?from=2026-11-10&to=2026-11-12');
    const { from, to } = await inputs();
    expect([from.value, to.value]).toEqual(['2026-11-10', '2026-11-12']);
    await act(() => router.navigate('/journal?to=2026-11-20'));
    expect([from.value, to.value]).toEqual(['', '2026-11-20']);
    await act(() => router.navigate('/journal'));
    expect([from.value, to.value]).toEqual(['', '']);
  });
});
