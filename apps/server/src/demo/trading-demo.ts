import type { IngestEventInput, IngestResponse } from '@app/contracts';
import type { App } from '../app.ts';
import type { Clock } from '../lib/clock.ts';
import { prng } from '../lib/prng.ts';
import { DemoTrader, tradingDaysBack, type DayOptions } from './demo-feed.ts';
import { planDemoPayout, type DemoPayoutPlan } from './demo-payout.ts';
import { demoRestrictedEvent } from './news-demo.ts';

export const DEMO_MEMBER_EMAIL = 'member@example.com';
export const DEMO_CONNECTOR_NAME = 'Demo feed (built-in)';
const SEED = 20_260_101;

/**
 * The demo member's trading accounts, created like real ones: staff provisioning, then events
 * POSTed by a demo connector to the ingestion route (so the rules, transitions, certificates and
 * aggregates come from the real path). Deterministic: one seeded PRNG.
 * - 100K Two-Step phase 1, active, 20 trading days of history;
 * - 50K Two-Step: phase 1 passed, its phase-2 account active since;
 * - 25K One-Step: failed on the daily loss limit, with its breach report;
 * - 10K Two-Step: both phases passed, the funded account trading since (one trade flagged by the
 *   restricted-news rule: opened a minute after last Friday's payrolls), in profit, with a payout
 *   paid 16 days back or more from that profit.
 * Returns that payout, for payouts-demo.ts to book.
 */
export async function seedTradingDemo({ app, services }: App, clock: Clock): Promise<DemoPayoutPlan | null> {
  const member = await services.users.findByEmail(DEMO_MEMBER_EMAIL);
  if (!member) return null;
  let payout: DemoPayoutPlan | null = null;
  const bySlug = new Map((await services.challenges.list('active')).map((c) => [c.slug, c]));
  const connector = await services.connectors.create(null, DEMO_CONNECTOR_NAME);
  const rnd = prng(SEED);
  const nowMs = clock.now().getTime();
  const days = tradingDaysBack(nowMs - 24 * 3_600_000, 70);

  const post = async (events: IngestEventInput[]): Promise<IngestResponse> => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/integrations/trading/events',
      headers: { authorization: `Bearer ${connector.key}` },
      payload: { events },
    });
    if (res.statusCode !== 200) throw new Error(`demo feed rejected: ${res.body}`);
    return res.json();
  };
  const open = async (slug: string) => {
    const challenge = bySlug.get(slug);
    if (!challenge) return null;
    const account = await services.accounts.createForUser(null, {
      email: DEMO_MEMBER_EMAIL,
      challengeId: challenge.id,
      phase: 0,
    });
    return { account, challenge };
  };
  const trader = (login: string, initialCents: number) =>
    new DemoTrader(login, initialCents, initialCents, rnd, 'demo');
  const nextAccount = async (id: string) => {
    const list = await services.accounts.list({ userId: member.id });
    const prev = list.find((a) => a.id === id);
    return list.find((a) => a.id === prev?.nextAccountId) ?? null;
  };

  /** Posts one day at a time until the account passes (or `maxDays` run out); returns the next free day index. */
  const tradeUntilPassed = async (
    login: string,
    initialCents: number,
    from: number,
    o: DayOptions,
    maxDays = 20,
  ): Promise<number> => {
    const t = trader(login, initialCents);
    let i = from;
    for (; i < from + maxDays && i < days.length; i++) {
      const r = await post(t.day(days[i]!, { ...o, trades: o.trades + Math.floor(rnd() * 3) }));
      if (r.accounts[0]?.passed || r.accounts[0]?.status === 'failed') return i + 1;
    }
    return i;
  };
  /** Posts `count` days; each of `placed` goes into the day it opens on. */
  const tradeDays = async (
    t: DemoTrader,
    from: number,
    count: number,
    o: DayOptions,
    placed: DayOptions['placed'] = [],
  ) => {
    for (let i = from; i < from + count && i < days.length; i++) {
      const onDay = placed.filter((p) => p.openMs >= days[i]! && p.openMs < days[i]! + 24 * 3_600_000);
      await post(t.day(days[i]!, { ...o, trades: o.trades + Math.floor(rnd() * 4), placed: onDay }));
    }
  };

  // Active, 20 days of history, a little ahead.
  const active = await open('100k-two-step');
  if (active) {
    const t = trader(active.account.login, active.challenge.accountSizeCents);
    await tradeDays(t, days.length - 20, 20, { trades: 3, biasBps: 6, volatilityBps: 22 });
    await post([t.snapshot(nowMs - 5 * 60_000, 15)]);
  }

  // Phase 1 passed, phase 2 running.
  const passed = await open('50k-two-step');
  if (passed) {
    const size = passed.challenge.accountSizeCents;
    const next = await tradeUntilPassed(passed.account.login, size, days.length - 22, {
      trades: 3,
      biasBps: 40,
      volatilityBps: 30,
    });
    const phase2 = await nextAccount(passed.account.id);
    if (phase2)
      await tradeDays(trader(phase2.login, size), next, days.length - next, {
        trades: 2,
        biasBps: 3,
        volatilityBps: 20,
      });
  }

  // Failed on the daily loss limit after a week of trading.
  const failed = await open('25k-one-step');
  if (failed) {
    const size = failed.challenge.accountSizeCents;
    const t = trader(failed.account.login, size);
    const start = days.length - 14;
    await tradeDays(t, start, 6, { trades: 2, biasBps: 4, volatilityBps: 20 });
    const bad = days[start + 6]!;
    const events = t.day(bad, { trades: 4, biasBps: -20, volatilityBps: 10, snapshots: 2 });
    // The afternoon spike: open positions 4.6 % under the day's start.
    const last = events.pop()!;
    events.push({
      id: `demo-${t.login}-margin`,
      type: 'snapshot',
      account: t.login,
      time: new Date(bad + 16 * 3_600_000).toISOString(),
      balance: t.balanceCents / 100,
      equity: Math.round(t.balanceCents - size * 0.046) / 100,
      openPositions: 3,
    });
    events.push(last);
    await post(events);
  }

  // Funded: both evaluation phases passed, then the funded account trading up to today.
  const funded = await open('10k-two-step');
  if (funded) {
    const size = funded.challenge.accountSizeCents;
    let i = await tradeUntilPassed(funded.account.login, size, days.length - 40, {
      trades: 3,
      biasBps: 45,
      volatilityBps: 30,
    });
    const phase2 = await nextAccount(funded.account.id);
    if (phase2) {
      i = await tradeUntilPassed(phase2.login, size, i + 1, { trades: 3, biasBps: 35, volatilityBps: 25 });
      const fundedAccount = await nextAccount(phase2.id);
      if (fundedAccount) {
        const t = trader(fundedAccount.login, size);
        // One trade opened a minute after last Friday's payrolls: the restricted-news rule flags it.
        const news = demoRestrictedEvent(nowMs);
        const placed = [{ openMs: news.timeMs + 60_000, symbol: 'EURUSD' }];
        // A strong first week, then a small edge net of commission, losing days among the winning
        // ones: the account is in profit before its first payout, which is paid from that profit.
        const generated: Array<{ dayMs: number; balance: number; events: IngestEventInput[] }> = [];
        for (let d = i + 1; d < days.length; d++) {
          const o = d <= i + 5 ? { biasBps: 25, volatilityBps: 20 } : { biasBps: 10, volatilityBps: 20 };
          const dayMs = days[d]!;
          const onDay = placed.filter((p) => p.openMs >= dayMs && p.openMs < dayMs + 24 * 3_600_000);
          const events = t.day(dayMs, { ...o, trades: 3 + Math.floor(rnd() * 4), placed: onDay });
          generated.push({ dayMs, balance: t.balanceCents, events });
        }
        const rules = funded.challenge.phases.find((p) => p.kind === 'funded');
        payout = rules ? planDemoPayout(generated, size, rules, nowMs) : null;
        // The platform's balance after the payout is paid is without the profit it took out.
        if (payout) {
          const { paidAtMs, grossCents } = payout;
          for (const e of generated.flatMap((g) => g.events))
            if (e.type === 'snapshot' && Date.parse(String(e.time)) >= paidAtMs) {
              e.balance = (Math.round(e.balance * 100) - grossCents) / 100;
              e.equity = (Math.round(e.equity * 100) - grossCents) / 100;
            }
          t.balanceCents -= grossCents;
        }
        for (const g of generated) await post(g.events);
        await post([t.snapshot(nowMs - 3 * 60_000, 10)]);
      }
    }
  }
  app.log.info({ connector: connector.keyPrefix }, 'demo trading accounts seeded through the ingestion API');
  return payout;
}
