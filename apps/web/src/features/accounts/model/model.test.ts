import { ACCOUNT_STATUSES } from '@app/contracts/trading';
import { describe, expect, it } from 'vitest';
import { setDisplayTimeZone } from '../../../lib/format/display-zone';
import { parseAccountEvent, retryDelay } from '../api/account-stream';
import { account, overview, withEquity } from '../test-fixtures';
import { parseAmountCents } from './amount';
import { addMonths, monthGrid } from './calendar';
import { chartSeries, tradingDayOf, type DayRow } from './chart-series';
import { isReversedRange, parseTradeFilters, tradeQueryParams } from './journal-filters';
import { findStoredAccount } from './selection';
import { STATUSES } from './statuses';
import { attentionItems, sortByUrgency } from './urgency';

const NOW = Date.parse('2026-11-23T12:00:00Z');

describe('urgency and attention', () => {
  const calm = overview({ account: account({ id: 'calm', login: '1', createdAt: '2026-11-01T00:00:00Z' }) });
  const nearDaily = withEquity(
    overview({
      account: account({ id: 'near', login: '2', challengeName: '25K One-Step', createdAt: '2026-10-01T00:00:00Z' }),
    }),
    9_853_568, // 310.00 above the daily level of 98,225.68
  );
  const deadline = overview({
    account: account({ id: 'late', login: '3', createdAt: '2026-09-01T00:00:00Z' }),
    rules: { ...overview().rules, maxDays: 30 },
    deadlineAt: '2026-11-26T23:00:00Z',
  });
  const failed = account({ id: 'failed', login: '4', status: 'failed', createdAt: '2026-11-20T00:00:00Z' });
  const pending = account({ id: 'pending', login: '5', status: 'pending', createdAt: '2026-11-22T00:00:00Z' });
  const overviews = new Map([calm, nearDaily, deadline].map((o) => [o.account.id, o]));
  const accounts = [failed, calm.account, pending, deadline.account, nearDaily.account];

  it('active accounts nearest a limit or deadline first, then pending, passed, failed, closed', () => {
    expect(sortByUrgency(accounts, overviews, NOW).map((a) => a.id)).toEqual([
      'near',
      'late',
      'calm',
      'pending',
      'failed',
    ]);
  });

  it('names what needs attention: money left today, days left', () => {
    const items = attentionItems(sortByUrgency(accounts, overviews, NOW), overviews, NOW);
    expect(
      items.map((i) => [i.kind, i.account.id, 'leftCents' in i ? i.leftCents : 'days' in i ? i.days : null]),
    ).toEqual([
      ['daily', 'near', 31_000],
      ['deadline', 'late', 4],
    ]);
  });
});

describe('the stored account', () => {
  const a = account({ id: 'a', login: '111' });
  const b = account({ id: 'b', login: '222' });
  it('is found by its login (what the header shows); the id alone is not trusted against it', () => {
    expect(findStoredAccount([a, b], '222', 'a')?.id).toBe('b');
    expect(findStoredAccount([a, b], '111', 'user-id-stored-by-auth')?.id).toBe('a');
    expect(findStoredAccount([a, b], null, 'b')?.id).toBe('b');
    expect(findStoredAccount([a, b], '999', 'a')).toBeUndefined();
  });
});

describe('journal filters in the URL', () => {
  it('keeps valid values only, symbols upper-cased', () => {
    expect(parseTradeFilters(new URLSearchParams('symbol=eurusd&side=buy&from=2026-11-01&to=nope'))).toEqual({
      symbol: 'EURUSD',
      side: 'buy',
      from: '2026-11-01',
    });
    expect(parseTradeFilters(new URLSearchParams('side=both&symbol=%3Cscript%3E'))).toEqual({});
  });
  it('sends whole days: from the first instant to the last millisecond (the API includes `to`)', () => {
    // No zone chosen: the browser's (UTC under test).
    expect(tradeQueryParams({ from: '2026-11-02', to: '2026-11-03' })).toMatchObject({
      from: '2026-11-02T00:00:00.000Z',
      to: '2026-11-03T23:59:59.999Z',
    });
  });
  it('the days are the reader’s in their display zone (the profile’s), as the journal shows times', () => {
    setDisplayTimeZone('Asia/Tokyo');
    expect(tradeQueryParams({ from: '2026-11-27', to: '2026-11-29' })).toMatchObject({
      from: '2026-11-26T15:00:00.000Z',
      to: '2026-11-29T14:59:59.999Z',
    });
    // Across a change of offset: the last day in New York is 25 hours long.
    setDisplayTimeZone('America/New_York');
    expect(tradeQueryParams({ from: '2026-11-01', to: '2026-11-01' })).toMatchObject({
      from: '2026-11-01T04:00:00.000Z',
      to: '2026-11-02T04:59:59.999Z',
    });
  });
  it('a reversed range is sent as it is, not swapped: the filters name it', () => {
    expect(tradeQueryParams({ from: '2026-11-10', to: '2026-11-05' })).toMatchObject({
      from: '2026-11-10T00:00:00.000Z',
      to: '2026-11-05T23:59:59.999Z',
    });
    expect(isReversedRange({ from: '2026-11-10', to: '2026-11-05' })).toBe(true);
    expect(isReversedRange({ from: '2026-11-05', to: '2026-11-05' })).toBe(false);
    expect(isReversedRange({ to: '2026-11-05' })).toBe(false);
  });
});

describe('equity chart lines', () => {
  it('draws each point’s trading-day levels: daily from that day’s start, today’s from the overview', () => {
    const o = overview();
    const series = chartSeries(
      [
        { time: '2026-11-20T10:00:00Z', balanceCents: 10_300_000, equityCents: 10_310_000, minEquityCents: 10_290_000 },
        {
          time: '2026-11-20T10:00:00.400Z',
          balanceCents: 10_300_000,
          equityCents: 10_311_000,
          minEquityCents: 10_290_000,
        },
        { time: '2026-11-23T10:00:00Z', balanceCents: 10_322_568, equityCents: 10_337_784, minEquityCents: 10_322_568 },
      ],
      true,
      [
        <DayRow>{
          day: '2026-11-20',
          trades: 6,
          lots: 7.97,
          resultCents: 7507,
          startBalanceCents: 10_315_061,
          endBalanceCents: 10_322_568,
          startEquityCents: 10_315_061,
          endEquityCents: 10_322_568,
          minEquityCents: 10_301_640,
        },
      ],
      o,
    );
    // Two points in the same second: the later one wins (the chart needs increasing times).
    expect(series.equity).toEqual([
      { time: Date.parse('2026-11-20T10:00:00Z') / 1000, value: 103_110 },
      { time: Date.parse('2026-11-23T10:00:00Z') / 1000, value: 103_377.84 },
    ]);
    expect(series.dailyLevel.map((p) => p.value)).toEqual([98_150.61, 98_225.68]);
    expect(series.maxLevel.map((p) => p.value)).toEqual([90_000, 90_000]);
    expect(series.minEquity).toHaveLength(2);
  });
  it('a moment belongs to the trading day of the account’s zone', () => {
    expect(tradingDayOf(Date.parse('2026-11-22T23:30:00Z'), 'Europe/Prague')).toBe('2026-11-23');
    expect(tradingDayOf(Date.parse('2026-11-22T23:30:00Z'), 'UTC')).toBe('2026-11-22');
  });
});

describe('month calendar', () => {
  it('weeks start on Monday; November 2026 starts on a Sunday', () => {
    const weeks = monthGrid('2026-11');
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(weeks.at(-1)).toEqual(['2026-11-30', null, null, null, null, null, null]);
    expect(addMonths('2026-01', -1)).toBe('2025-12');
  });
});

describe('the live stream', () => {
  it('reads account events and ignores what it does not understand', () => {
    expect(
      parseAccountEvent(
        '{"accountId":"a1","status":"failed","breach":{"rule":"daily_loss","at":"x","equity":1},"passed":false}',
      ),
    ).toEqual({ accountId: 'a1', status: 'failed', breach: { rule: 'daily_loss', at: 'x' }, passed: false });
    expect(parseAccountEvent('not json')).toBeNull();
    expect(parseAccountEvent('{"status":"active"}')).toBeNull();
  });
  it('backs off 1 s, 2 s, 4 s … up to 30 s, with jitter between half and all of it', () => {
    expect([0, 1, 2, 3, 10].map((n) => retryDelay(n, () => 1))).toEqual([1000, 2000, 4000, 8000, 30_000]);
    expect(retryDelay(0, () => 0)).toBe(500);
  });
});

describe('the contracts', () => {
  it('the statuses kept on the screens are the contracts’ own', () => {
    expect(STATUSES).toEqual(ACCOUNT_STATUSES);
  });
});

describe('amounts typed in the reader’s marks', () => {
  const en = { group: ',', decimal: '.' };
  const de = { group: '.', decimal: ',' };
  const fr = { group: '\u202f', decimal: ',' };
  it.each([
    ['6000', en, 600_000],
    ['6,000.50', en, 600_050],
    ['6.000,50', de, 600_050],
    ['6000,5', de, 600_050],
    ['1500.5', de, 150_050], // a lone mark with 1–2 digits after it is the decimal mark
    ['1.500', de, 150_000],
    ['6 000,50', fr, 600_050],
    ['0.01', en, 1],
  ] as const)('%s → %i cents', (text, marks, cents) => {
    expect(parseAmountCents(text, marks)).toBe(cents);
  });
  it.each(['', 'abc', '-5', '1e5', '.', '1.2.3,4.5'])('%j is not an amount', (text) => {
    expect(parseAmountCents(text, en)).toBeNull();
  });
});
