import { and, desc, eq, lte } from 'drizzle-orm';
import type { App } from '../app.ts';
import { connectors, dailyStats, payouts, tradingAccounts } from '../db/schema/index.ts';
import type { Clock } from '../lib/clock.ts';
import { PAYOUTS_CONNECTOR_ID } from '../modules/payouts/index.ts';
import { DEMO_CONNECTOR_NAME, DEMO_MEMBER_EMAIL } from './trading-demo.ts';

const DAY = 86_400_000;
/** The demo's paid payout: far enough back that the 14-day interval has run again since. */
const PAID_DAYS_AGO = 16;

/**
 * Of the days (newest first, each with its closing balance), the newest that closed with at least
 * `minimumGross` of profit; without one, the newest day at all.
 */
export function payoutDay<D extends { balance: number }>(days: D[], initialCents: number, minimumGross: number) {
  return days.find((d) => d.balance - initialCents >= minimumGross) ?? days[0];
}

/**
 * The demo member's funded account: one payout paid 16 days ago (its withdrawal booked through the
 * ingestion path at that time, which replays the history after it, and its payout certificate), and
 * eligible for another now: flat (no open position) with at least the minimum share of profit.
 */
export async function seedPayoutsDemo(built: App, clock: Clock): Promise<void> {
  const { app, services, database } = built;
  const db = database.db;
  const member = await services.users.findByEmail(DEMO_MEMBER_EMAIL);
  if (!member) return;
  const [account] = await db
    .select()
    .from(tradingAccounts)
    .where(
      and(
        eq(tradingAccounts.userId, member.id),
        eq(tradingAccounts.phaseKind, 'funded'),
        eq(tradingAccounts.status, 'active'),
      ),
    )
    .limit(1);
  if (!account) return;
  const rules = account.rules as { profitSplitBps: number | null; minPayoutCents: number | null };
  const split = rules.profitSplitBps ?? 0;
  const minimum = Math.max(1, rules.minPayoutCents ?? 0);
  if (split <= 0) return;
  const now = clock.now().getTime();
  const latest = Math.floor((now - PAID_DAYS_AGO * DAY) / DAY) * DAY;
  // Paid on the last day (16 days back or more) that closed with profit enough for the minimum
  // share: a payout is paid from profit, and one paid while the account was under water would
  // contradict its own history. Without such a day, the latest one (the minimum is paid then).
  const minimumGross = Math.ceil((minimum * 10_000) / split);
  const days = await db
    .select({ day: dailyStats.day, balance: dailyStats.endBalanceCents })
    .from(dailyStats)
    .where(and(eq(dailyStats.accountId, account.id), lte(dailyStats.day, new Date(latest).toISOString().slice(0, 10))))
    .orderBy(desc(dailyStats.day));
  const then = payoutDay(days, account.initialBalanceCents, minimumGross);
  const paidDay = then ? Date.parse(`${then.day}T00:00:00Z`) : latest;
  const paidAt = new Date(paidDay + 15 * 3_600_000);
  const requestedAt = new Date(paidAt.getTime() - 2 * DAY);
  const approvedAt = new Date(paidAt.getTime() - DAY);

  // Half the trader's share of the profit the account had then (at least the minimum).
  const profitThen = Math.max(0, (then?.balance ?? account.initialBalanceCents) - account.initialBalanceCents);
  const amount = Math.max(minimum, Math.floor((profitThen * split) / 10_000 / 2));
  const gross = Math.ceil((amount * 10_000) / split);

  const changed = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(payouts)
      .values({
        accountId: account.id,
        userId: member.id,
        amountCents: amount,
        grossCents: gross,
        splitBps: split,
        currency: account.currency,
        method: 'bank_transfer',
        destination: {
          method: 'bank_transfer',
          accountHolder: `${member.firstName} ${member.lastName}`,
          iban: 'CZ6508000000192000145399',
          bic: 'GIBACZPX',
        },
        status: 'paid',
        transferReference: 'DEMO-PAYOUT-1',
        requestedAt,
        approvedAt,
        paidAt,
        updatedAt: paidAt,
      })
      .returning();
    const { changed: rows } = await services.ingestion.ingestInTransaction(tx, PAYOUTS_CONNECTOR_ID, [
      {
        id: `payout-${row!.id}`,
        type: 'balance',
        account: account.login,
        time: paidAt.getTime(),
        kind: 'withdrawal',
        amount: -gross,
        comment: `payout ${row!.id}`,
      },
    ]);
    const certificate = await services.certificates.issue(tx, {
      kind: 'payout',
      userId: member.id,
      accountId: account.id,
      amountCents: amount,
      currency: account.currency,
      issuedAt: paidAt,
    });
    await tx
      .update(payouts)
      .set({ certificateId: certificate?.id ?? null })
      .where(eq(payouts.id, row!.id));
    return rows;
  });
  services.accounts.publishChanges(changed);

  // Eligible again now: a winning trade today if the share is short of the minimum, then flat.
  const [feed] = await db
    .select({ id: connectors.id })
    .from(connectors)
    .where(eq(connectors.name, DEMO_CONNECTOR_NAME));
  const [current] = await db.select().from(tradingAccounts).where(eq(tradingAccounts.id, account.id));
  if (!feed || !current) return;
  let balance = current.balanceCents;
  const needed = Math.ceil((minimum * 10_000) / split) + 20_00 - (balance - current.initialBalanceCents);
  const events: Parameters<typeof services.ingestion.ingest>[1] = [];
  // The winning trade and the flat snapshot come after the account's last event, one right after the
  // other. Placed before it, the win would raise the start of a trading day that began meanwhile (a
  // seed just after midnight in the account's zone), and the trading demo's losing open positions
  // would breach that day's loss limit.
  const afterLast = (current.lastEventAt?.getTime() ?? 0) + 1_000;
  let flatAt = Math.max(now - 60_000, afterLast);
  if (needed > 0) {
    // One lot of EURUSD earns US$1 a point (0.00001): the close price is the one that earns it.
    const points = Math.ceil(needed / 100);
    const profit = points * 100;
    const open = Math.max(now - 3 * 3_600_000, afterLast);
    const close = Math.max(open + 1_000, Math.min(open + 2 * 3_600_000, now - 90_000));
    events.push({
      id: `demo-payout-topup-${account.login}`,
      type: 'trade',
      account: account.login,
      // A ticket as a platform numbers it (the event id above names what it is).
      ticket: `9${account.login}`,
      symbol: 'EURUSD',
      side: 'buy',
      volume: 1,
      openTime: open,
      openPrice: 1.0851,
      closeTime: close,
      closePrice: Number((1.0851 + points / 100_000).toFixed(5)),
      profit,
      commission: 0,
      swap: 0,
    });
    balance += profit;
    flatAt = close + 1_000;
  }
  events.push({
    id: `demo-payout-flat-${account.login}`,
    type: 'snapshot',
    account: account.login,
    time: flatAt,
    balance,
    equity: balance,
    openPositions: 0,
  });
  await services.ingestion.ingest(feed.id, events);
  app.log.info({ account: account.login, amountCents: amount }, 'demo payout seeded');
}
