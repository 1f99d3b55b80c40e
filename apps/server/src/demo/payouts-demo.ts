import { and, eq } from 'drizzle-orm';
import type { App } from '../app.ts';
import { connectors, payouts, tradingAccounts } from '../db/schema/index.ts';
import type { Clock } from '../lib/clock.ts';
import { PAYOUTS_CONNECTOR_ID, payoutWithdrawalEvent } from '../modules/payouts/index.ts';
import type { DemoPayoutPlan } from './demo-payout.ts';
import { DEMO_CONNECTOR_NAME, DEMO_MEMBER_EMAIL } from './trading-demo.ts';

export { payoutDay } from './demo-payout.ts';

const DAY = 86_400_000;

/**
 * A winning trade of at least `neededCents` (in cents, as the ingestion service takes it): one lot of
 * EURUSD earns US$1 a point (0.00001), and the close price is the one that earns it.
 */
export function topUpTrade(login: string, neededCents: number, openMs: number, closeMs: number) {
  const points = Math.ceil(neededCents / 100);
  return {
    id: `demo-payout-topup-${login}`,
    type: 'trade' as const,
    account: login,
    // A ticket as a platform numbers it (the event id above names what it is).
    ticket: `9${login}`,
    symbol: 'EURUSD',
    side: 'buy' as const,
    volume: 1,
    openTime: openMs,
    openPrice: 1.0851,
    closeTime: closeMs,
    closePrice: Number((1.0851 + points / 100_000).toFixed(5)),
    profit: points * 100,
    commission: 0,
    swap: 0,
  };
}

/**
 * The demo member's funded account: the payout `plan` (trading-demo.ts chose it from the account's
 * history, and its feed already states the balance without the payout after it is paid) booked as
 * paid, with its withdrawal through the ingestion path at that time (which replays the history after
 * it) and its payout certificate; and eligible for another now: flat (no open position) with at
 * least the minimum share of profit.
 */
export async function seedPayoutsDemo(built: App, clock: Clock, plan: DemoPayoutPlan | null): Promise<void> {
  const { app, services, database } = built;
  const db = database.db;
  const member = await services.users.findByEmail(DEMO_MEMBER_EMAIL);
  if (!member || !plan) return;
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
  const paidAt = new Date(plan.paidAtMs);
  const requestedAt = new Date(paidAt.getTime() - 2 * DAY);
  const approvedAt = new Date(paidAt.getTime() - DAY);
  const amount = plan.amountCents;
  const gross = plan.grossCents;

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
      payoutWithdrawalEvent(row!, account.login, paidAt),
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
    const open = Math.max(now - 3 * 3_600_000, afterLast);
    const close = Math.max(open + 1_000, Math.min(open + 2 * 3_600_000, now - 90_000));
    const trade = topUpTrade(account.login, needed, open, close);
    events.push(trade);
    balance += trade.profit;
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
