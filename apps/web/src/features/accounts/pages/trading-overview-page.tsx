import type { TradingAccount } from '@app/contracts/trading';
import { Paper, Stack } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { usePrefetchInfiniteQuery, usePrefetchQuery } from '@tanstack/react-query';
import { useSearchUpdater } from '../../../lib/use-search-updater';
import { useAccountOverview } from '../api/get-account-overview';
import { dailyQueryOptions } from '../api/get-daily';
import { equityQueryOptions } from '../api/get-equity';
import { tradesQueryOptions } from '../api/list-trades';
import { AccountBar } from '../components/account-bar';
import { BlockError, BlockSkeleton } from '../components/block';
import { DailySummary } from '../components/daily-summary';
import { EquityChart } from '../components/equity-chart';
import { useLiveAccountUpdates } from '../components/live-updates';
import { SelectedAccountPage } from '../components/selected-account-gate';
import { TradeJournal } from '../components/trade-journal';
import { isMonth } from '../model/calendar';
import { parseEquityRange, type EquityRange } from '../model/equity-range';
import { parseTradeFilters, type TradeFilters } from '../model/journal-filters';
import classes from '../components/accounts.module.css';

const FILTER_KEYS = ['symbol', 'side', 'from', 'to'] as const;

function TradingOverview({ account }: { account: TradingAccount }) {
  const live = useLiveAccountUpdates();
  const query = useAccountOverview(account.id);
  // Builds on the last change asked for: a side and a day changed before a re-render both stay.
  const [search, setSearch] = useSearchUpdater();
  const range = parseEquityRange(search.get('range'));
  const month = isMonth(search.get('month')) ? search.get('month') : null;
  const searchKey = search.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the filters change only with the query string
  const filters = useMemo(() => parseTradeFilters(search), [searchKey]);
  // The blocks' data only needs the account's id: fetched alongside the overview, not after it.
  usePrefetchQuery(equityQueryOptions(account.id, range));
  usePrefetchQuery(dailyQueryOptions(account.id));
  usePrefetchInfiniteQuery(tradesQueryOptions(account.id, filters));

  const patch = useCallback(
    (values: Record<string, string | undefined>, replace = false) =>
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(values)) {
            if (v === undefined || v === '') next.delete(k);
            else next.set(k, v);
          }
          return next;
        },
        { replace, preventScrollReset: true },
      ),
    [setSearch],
  );
  const setRange = (r: EquityRange) => patch({ range: r === 'all' ? undefined : r });
  const setMonth = (m: string) => patch({ month: m });
  const setFilters = (p: Partial<TradeFilters>, options?: { replace?: boolean }) =>
    patch(p as Record<string, string | undefined>, options?.replace);
  const clearFilters = () => patch(Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined])));

  const o = query.data;
  return (
    <div data-testid="trading-overview">
      <AccountBar account={o?.account ?? account} live={live} />
      {!o ? (
        <Paper withBorder p="lg" className={classes.card}>
          {query.isError ? (
            <BlockError error={query.error} onRetry={() => void query.refetch()} />
          ) : (
            <BlockSkeleton lines={8} height={20} />
          )}
        </Paper>
      ) : (
        <Stack gap="lg">
          <EquityChart overview={o} range={range} onRange={setRange} />
          <DailySummary overview={o} month={month} onMonth={setMonth} />
          <TradeJournal overview={o} filters={filters} onFilters={setFilters} onClear={clearFilters} />
        </Stack>
      )}
    </div>
  );
}

/** /accounts/trading-overview: the stored account's equity chart, daily summary and trade journal. */
export default function TradingOverviewPage() {
  return (
    <SelectedAccountPage titleId="MENU.TRADING_OVERVIEW">
      {(account) => <TradingOverview key={account.id} account={account} />}
    </SelectedAccountPage>
  );
}
