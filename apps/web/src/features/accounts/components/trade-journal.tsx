import type { AccountOverview } from '@app/contracts/trading';
import { Badge, Button, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconDownload, IconFilterOff, IconListSearch, IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format/use-format';
import { toastError } from '../../../lib/toast';
import { useAccountApiBase } from '../api/account-api-base';
import { exportTradesCsv } from '../api/export-trades-csv';
import { useTrades, type Trade } from '../api/list-trades';
import { hasTradeFilters, isReversedRange, type TradeFilters } from '../model/journal-filters';
import { Block, BlockEmpty, BlockError, BlockSkeleton } from './block';
import { resultColor } from './colors';
import classes from './accounts.module.css';

const SYMBOL_DEBOUNCE_MS = 400;

/**
 * The net result column stays in view while the wide table scrolls sideways: opaque (the surface,
 * with the stripe over it on striped rows) and edged by a line.
 */
const netCell = (striped = false) =>
  ({
    position: 'sticky',
    insetInlineEnd: 0,
    zIndex: 1,
    backgroundColor: 'var(--app-surface)',
    backgroundImage: striped ? 'linear-gradient(var(--table-striped-color), var(--table-striped-color))' : undefined,
    boxShadow: 'inset 1px 0 0 var(--app-border)',
  }) as const;

/** A trade's time on two short lines (day, then time to the second with its zone), so the table fits. */
function Moment({ iso }: { iso: string }) {
  const format = useFormat();
  return (
    <time dateTime={iso} title={format.dateTimeSeconds(iso)}>
      {format.date(iso)}
      <Text span display="block" size="xs" c="dimmed">
        {format.time(iso, undefined, { seconds: true })}
      </Text>
    </time>
  );
}

function JournalFilters({
  filters,
  onChange,
}: {
  filters: TradeFilters;
  onChange: (patch: Partial<TradeFilters>, options?: { replace?: boolean }) => void;
}) {
  const { t } = useT();
  const [symbol, setSymbol] = useState(filters.symbol ?? '');
  const written = useRef(filters.symbol);
  useEffect(() => {
    if (filters.symbol !== written.current) {
      written.current = filters.symbol;
      setSymbol(filters.symbol ?? '');
    }
  }, [filters.symbol]);
  const pushSymbol = useDebouncedCallback((value: string) => {
    const next = value.trim().toUpperCase() || undefined;
    written.current = next;
    onChange({ symbol: next }, { replace: true });
  }, SYMBOL_DEBOUNCE_MS);

  // The days as typed, shown at once and sent together: a date input whose value waits for the URL
  // loses the digits typed into it, and a change sent alone, before the URL has caught up with the
  // other day's, is written over the URL of the last render and drops that day.
  const [days, setDays] = useState({ from: filters.from, to: filters.to });
  const askedDays = useRef(days);
  useEffect(() => {
    if (filters.from !== askedDays.current.from || filters.to !== askedDays.current.to) {
      askedDays.current = { from: filters.from, to: filters.to };
      setDays(askedDays.current);
    }
  }, [filters.from, filters.to]);
  const setDay = (key: 'from' | 'to', value: string) => {
    const next = { ...askedDays.current, [key]: value || undefined };
    askedDays.current = next;
    setDays(next);
    onChange(next);
  };

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" mb="md" data-testid="journal-filters">
      <TextInput
        label={t('ACCOUNTS.JOURNAL.SYMBOL')}
        placeholder={t('ACCOUNTS.JOURNAL.SYMBOL_PLACEHOLDER')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={symbol}
        onChange={(e) => {
          setSymbol(e.currentTarget.value);
          pushSymbol(e.currentTarget.value);
        }}
        maxLength={32}
        style={{ flex: '1 1 160px', maxWidth: 220 }}
        data-testid="journal-symbol"
      />
      <NativeSelect
        label={t('ACCOUNTS.JOURNAL.SIDE')}
        value={filters.side ?? ''}
        onChange={(e) => {
          const v = e.currentTarget.value;
          onChange({ side: v === 'buy' || v === 'sell' ? v : undefined });
        }}
        data={[
          { value: '', label: t('ACCOUNTS.JOURNAL.SIDE_ALL') },
          { value: 'buy', label: t('ACCOUNTS.JOURNAL.BUY') },
          { value: 'sell', label: t('ACCOUNTS.JOURNAL.SELL') },
        ]}
        style={{ flex: '0 1 170px' }}
        data-testid="journal-side"
      />
      <TextInput
        type="date"
        label={t('ACCOUNTS.JOURNAL.FROM')}
        value={days.from ?? ''}
        max={days.to}
        onChange={(e) => setDay('from', e.currentTarget.value)}
        style={{ flex: '1 1 140px', maxWidth: 180 }}
        data-testid="journal-from"
      />
      <TextInput
        type="date"
        label={t('ACCOUNTS.JOURNAL.TO')}
        value={days.to ?? ''}
        min={days.from}
        onChange={(e) => setDay('to', e.currentTarget.value)}
        // Typed days pass min and max by: a reversed range stays as typed, and is named here.
        error={isReversedRange(days) ? t('DISCOUNTS.FORM.UNTIL_ERROR') : undefined}
        style={{ flex: '1 1 140px', maxWidth: 180 }}
        data-testid="journal-to"
      />
    </Group>
  );
}

/**
 * The trade journal: newest first, a page at a time from the server (keyset cursor), filtered by
 * symbol, side and dates (all in the URL), net result coloured; the filtered journal exports as
 * CSV made by the server.
 */
export function TradeJournal({
  overview: o,
  filters,
  onFilters,
  onClear,
}: {
  overview: AccountOverview;
  filters: TradeFilters;
  onFilters: (patch: Partial<TradeFilters>, options?: { replace?: boolean }) => void;
  onClear: () => void;
}) {
  const { t } = useT();
  const format = useFormat();
  const query = useTrades(o.account.id, filters);
  const base = useAccountApiBase();
  const [exporting, setExporting] = useState(false);
  const trades: Trade[] = query.data?.pages.flatMap((p) => p.trades) ?? [];
  const cur = query.data?.pages[0]?.currency ?? o.currency;
  const filtered = hasTradeFilters(filters);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const today = new Date().toISOString().slice(0, 10);
      await exportTradesCsv(o.account.id, filters, `trades-${o.account.login}-${today}.csv`, base);
    } catch (error) {
      toastError(t('ACCOUNTS.JOURNAL.EXPORT_FAILED'));
      console.error('CSV export failed', error);
    } finally {
      setExporting(false);
    }
  };

  let body;
  if (query.isError && !query.data) body = <BlockError error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data) body = <BlockSkeleton lines={6} height={22} />;
  else if (trades.length === 0)
    body = filtered ? (
      <Stack align="center" gap="xs" py="lg" role="status" data-testid="journal-no-matches">
        <Text fw={600} size="sm">
          {t('LIST.NO_MATCHES.TITLE')}
        </Text>
        <Text size="sm" c="dimmed" ta="center">
          {t('LIST.NO_MATCHES.TEXT')}
        </Text>
        <Button variant="default" size="xs" leftSection={<IconFilterOff size={14} aria-hidden />} onClick={onClear}>
          {t('LIST.CLEAR_FILTERS')}
        </Button>
      </Stack>
    ) : (
      <BlockEmpty
        icon={<IconListSearch size={26} aria-hidden />}
        title={t('ACCOUNTS.JOURNAL.EMPTY')}
        text={t('ACCOUNTS.JOURNAL.EMPTY_TEXT')}
      />
    );
  else
    body = (
      <>
        {/* On a phone: one compact line per trade, net result in sight; the full table from 768 px. */}
        <Stack gap={0} hiddenFrom="sm" data-testid="journal-list">
          {trades.map((tr) => (
            <div
              key={tr.id}
              className={classes.tradeLine}
              data-testid="journal-item"
              data-symbol={tr.symbol}
              data-side={tr.side}
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Group gap={6} wrap="nowrap">
                  <Text fw={700} size="sm">
                    {tr.symbol}
                  </Text>
                  <Text size="xs" fw={600} c="dimmed" tt="uppercase">
                    {t(tr.side === 'buy' ? 'ACCOUNTS.JOURNAL.BUY' : 'ACCOUNTS.JOURNAL.SELL')}{' '}
                    {format.number(tr.volume, { maximumFractionDigits: 2 })}
                  </Text>
                </Group>
                <Text fw={700} size="sm" style={{ color: resultColor(tr.netCents), whiteSpace: 'nowrap' }}>
                  {format.signedMoney(tr.netCents, cur)}
                </Text>
              </Group>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="xs" c="dimmed">
                  {tr.closeTime ? (
                    <time dateTime={tr.closeTime}>{format.dateTimeSeconds(tr.closeTime)}</time>
                  ) : (
                    t('ACCOUNTS.JOURNAL.OPEN')
                  )}
                </Text>
                <Text size="xs" c="dimmed">
                  #{tr.ticket}
                </Text>
              </Group>
            </div>
          ))}
        </Stack>
        <Table.ScrollContainer
          minWidth={900}
          visibleFrom="sm"
          // A visible (native) scrollbar says there is more to the right; keyboard users scroll it too.
          type="native"
          tabIndex={0}
          role="region"
          aria-label={t('ACCOUNTS.JOURNAL.TITLE')}
        >
          <Table
            verticalSpacing="xs"
            striped
            highlightOnHover
            className={classes.num}
            style={{ opacity: query.isFetching && query.isPlaceholderData ? 0.6 : 1 }}
            data-testid="journal-table"
          >
            <caption className={classes.srOnly}>{t('ACCOUNTS.JOURNAL.TITLE')}</caption>
            <Table.Thead>
              {/* Headers on one line: not broken a character at a time in Japanese. */}
              <Table.Tr style={{ whiteSpace: 'nowrap' }}>
                <Table.Th scope="col">{t('ACCOUNTS.JOURNAL.COL.TICKET')}</Table.Th>
                <Table.Th scope="col">{t('ACCOUNTS.JOURNAL.SYMBOL')}</Table.Th>
                <Table.Th scope="col">{t('ACCOUNTS.JOURNAL.SIDE')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('ACCOUNTS.JOURNAL.COL.VOLUME')}
                </Table.Th>
                <Table.Th scope="col">{t('ACCOUNTS.JOURNAL.COL.OPEN_TIME')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('ACCOUNTS.JOURNAL.COL.OPEN_PRICE')}
                </Table.Th>
                <Table.Th scope="col">{t('ACCOUNTS.JOURNAL.COL.CLOSE_TIME')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('ACCOUNTS.JOURNAL.COL.CLOSE_PRICE')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('ACCOUNTS.JOURNAL.COL.PROFIT')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('ACCOUNTS.JOURNAL.COL.COMMISSION')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('ACCOUNTS.JOURNAL.COL.SWAP')}
                </Table.Th>
                <Table.Th scope="col" ta="right" style={netCell()}>
                  {t('ACCOUNTS.JOURNAL.COL.NET')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {trades.map((tr, i) => (
                <Table.Tr key={tr.id} data-testid="journal-row" data-symbol={tr.symbol} data-side={tr.side}>
                  <Table.Td>{tr.ticket}</Table.Td>
                  <Table.Td fw={600}>{tr.symbol}</Table.Td>
                  <Table.Td>
                    <Badge
                      variant="outline"
                      color={tr.side === 'buy' ? 'blue' : 'grape'}
                      c="var(--mantine-color-text)"
                      size="sm"
                      miw="max-content"
                    >
                      {t(tr.side === 'buy' ? 'ACCOUNTS.JOURNAL.BUY' : 'ACCOUNTS.JOURNAL.SELL')}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{format.number(tr.volume, { maximumFractionDigits: 2 })}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Moment iso={tr.openTime} />
                  </Table.Td>
                  <Table.Td ta="right">{format.number(tr.openPrice, { maximumFractionDigits: 5 })}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {tr.closeTime ? (
                      <Moment iso={tr.closeTime} />
                    ) : (
                      <Text span size="sm" c="dimmed">
                        {t('ACCOUNTS.JOURNAL.OPEN')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    {tr.closePrice === null ? '—' : format.number(tr.closePrice, { maximumFractionDigits: 5 })}
                  </Table.Td>
                  <Table.Td ta="right">{format.amount(tr.profitCents, cur)}</Table.Td>
                  <Table.Td ta="right">{format.amount(tr.commissionCents, cur)}</Table.Td>
                  <Table.Td ta="right">{format.amount(tr.swapCents, cur)}</Table.Td>
                  <Table.Td
                    ta="right"
                    fw={700}
                    // Mantine stripes the odd rows (the first, third, …).
                    style={{ ...netCell(i % 2 === 0), color: resultColor(tr.netCents), whiteSpace: 'nowrap' }}
                    data-testid="journal-net"
                  >
                    {format.signedMoney(tr.netCents, cur)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between" mt="sm" wrap="wrap">
          <Text size="xs" c="dimmed" aria-live="polite" data-testid="journal-count">
            {t(query.hasNextPage ? 'ACCOUNTS.JOURNAL.SHOWN_MORE' : 'ACCOUNTS.JOURNAL.SHOWN_ALL', {
              count: trades.length,
            })}
          </Text>
          {query.hasNextPage && (
            <Button
              variant="default"
              size="xs"
              onClick={() => void query.fetchNextPage()}
              loading={query.isFetchingNextPage}
              data-testid="journal-more"
            >
              {t('ACCOUNTS.JOURNAL.MORE')}
            </Button>
          )}
        </Group>
      </>
    );

  return (
    <Block
      title={t('ACCOUNTS.JOURNAL.TITLE')}
      headingId="journal-title"
      testId="journal"
      actions={
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={14} aria-hidden />}
          onClick={() => void exportCsv()}
          loading={exporting}
          data-testid="journal-export"
        >
          {t('ACCOUNTS.JOURNAL.EXPORT')}
        </Button>
      }
    >
      <JournalFilters filters={filters} onChange={onFilters} />
      {body}
      <Text size="xs" c="dimmed" mt="xs">
        {t('ACCOUNTS.JOURNAL.TIMES')}
      </Text>
    </Block>
  );
}
