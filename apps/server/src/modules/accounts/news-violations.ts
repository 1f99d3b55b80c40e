// Restricted-news violations of an account, computed on read from its trades and the calendar as it
// stands (decision 021): an event imported or corrected after the trades still flags them.
import type { NewsViolations } from '@app/contracts/news';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accountEvents } from '../../db/schema/index.ts';
import { restrictedNewsViolations, type RestrictedEvent, type TradeTimes } from '../../engine/index.ts';
import { rulesOf, type AccountRow } from './account-row.ts';

/** The calendar's high-impact events in [from, to] (the news module's service). */
export type HighImpactEvents = (from: Date, to: Date) => Promise<RestrictedEvent[]>;

export const newsViolationsRepository = {
  /**
   * Ticket, symbol and open/close times of the account's trades (the (account, kind, time) index).
   * A ticket stored open and later closed appears twice; the closed row wins.
   */
  async tradeTimes(db: Db, accountId: string): Promise<TradeTimes[]> {
    const rows = await db
      .select({
        ticket: accountEvents.ticket,
        symbol: accountEvents.symbol,
        openTime: accountEvents.openTime,
        closeTime: accountEvents.closeTime,
      })
      .from(accountEvents)
      .where(and(eq(accountEvents.accountId, accountId), eq(accountEvents.kind, 'trade')));
    const byTicket = new Map<string, TradeTimes>();
    for (const r of rows) {
      const trade = {
        ticket: r.ticket!,
        symbol: r.symbol!,
        openTime: r.openTime!.getTime(),
        closeTime: r.closeTime?.getTime() ?? null,
      };
      const seen = byTicket.get(trade.ticket);
      if (!seen || (seen.closeTime === null && trade.closeTime !== null)) byTicket.set(trade.ticket, trade);
    }
    return [...byTicket.values()];
  },
};

const OFF = { enabled: false, minutesBefore: 0, minutesAfter: 0, violations: [] };

/**
 * Off unless the account's phase has the rule. Two queries when on: the account's trade times,
 * then the high-impact events of the span they cover (the partial index on high-impact times).
 */
export async function newsViolationsOf(db: Db, events: HighImpactEvents, account: AccountRow): Promise<NewsViolations> {
  const window = rulesOf(account).restrictedNews;
  if (!window) return OFF;
  const trades = await newsViolationsRepository.tradeTimes(db, account.id);
  const result = { enabled: true, ...window, violations: [] as NewsViolations['violations'] };
  if (trades.length === 0) return result;
  let min = Infinity;
  let max = -Infinity;
  for (const t of trades) {
    min = Math.min(min, t.openTime);
    max = Math.max(max, t.closeTime ?? t.openTime);
  }
  const calendar = await events(
    new Date(min - window.minutesAfter * 60_000),
    new Date(max + window.minutesBefore * 60_000),
  );
  result.violations = restrictedNewsViolations(trades, calendar, window).map((v) => ({
    ticket: v.ticket,
    symbol: v.symbol,
    side: v.side,
    tradeTime: new Date(v.tradeTime).toISOString(),
    event: {
      id: v.event.id,
      time: new Date(v.event.time).toISOString(),
      currency: v.event.currency,
      title: v.event.title,
    },
  }));
  return result;
}
