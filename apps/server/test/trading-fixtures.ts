import type { CreateChallengeRequest, IngestEventInput } from '@app/contracts';
import type { TestContext } from './test-app.ts';
import { createUser, type TestUser } from './test-users.ts';

/** 100,000.00 USD two-step: 10 % / 5 % targets, 5 % daily, 10 % max loss, 2 min days; funded last. */
export function twoStepChallenge(overrides: Partial<CreateChallengeRequest> = {}): CreateChallengeRequest {
  return {
    name: 'Test 100K Two-Step',
    slug: `test-100k-${Math.random().toString(36).slice(2, 8)}`,
    description: 'test',
    accountSizeCents: 100_000_00,
    currency: 'USD',
    priceCents: 499_00,
    platform: 'demo',
    leverage: 100,
    phases: [
      { kind: 'evaluation', profitTargetBps: 1000, maxDailyLossBps: 500, maxLossBps: 1000, minTradingDays: 2 },
      { kind: 'evaluation', profitTargetBps: 500, maxDailyLossBps: 500, maxLossBps: 1000, minTradingDays: 2 },
      {
        kind: 'funded',
        profitTargetBps: null,
        maxDailyLossBps: 500,
        maxLossBps: 1000,
        profitSplitBps: 8000,
        payoutIntervalDays: 14,
      },
    ],
    ...overrides,
  };
}

export interface TradingWorld {
  admin: TestUser;
  support: TestUser;
  member: TestUser;
  other: TestUser;
  connectorKey: string;
  connectorId: string;
  challengeId: string;
}

export async function setupWorld(t: TestContext, challenge = twoStepChallenge()): Promise<TradingWorld> {
  const admin = await createUser(t, 'ADMIN');
  const support = await createUser(t, 'SUPPORT');
  const member = await createUser(t, 'USER');
  const other = await createUser(t, 'USER');
  const c = await t.app.inject({
    method: 'POST',
    url: '/api/admin/challenges',
    headers: admin.headers,
    payload: challenge,
  });
  if (c.statusCode !== 201) throw new Error(`challenge: ${c.body}`);
  const k = await t.app.inject({
    method: 'POST',
    url: '/api/admin/connectors',
    headers: admin.headers,
    payload: { name: 'Test bridge' },
  });
  if (k.statusCode !== 201) throw new Error(`connector: ${k.body}`);
  return {
    admin,
    support,
    member,
    other,
    connectorKey: k.json().key,
    connectorId: k.json().id,
    challengeId: c.json().challenge.id,
  };
}

export async function createAccount(t: TestContext, w: TradingWorld, user: TestUser = w.member, phase = 0) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/accounts',
    headers: w.admin.headers,
    payload: { email: user.email, challengeId: w.challengeId, phase },
  });
  if (res.statusCode !== 201) throw new Error(`account: ${res.body}`);
  return res.json().account as { id: string; login: string; status: string };
}

export async function ingest(t: TestContext, key: string, events: IngestEventInput[]) {
  return t.app.inject({
    method: 'POST',
    url: '/api/integrations/trading/events',
    headers: { authorization: `Bearer ${key}` },
    payload: { events },
  });
}

/** Builders with decimal money, as a bridge sends it. */
export const ev = {
  snapshot: (
    id: string,
    account: string,
    time: string,
    balance: number,
    equity: number,
    openPositions = 0,
  ): IngestEventInput => ({
    id,
    type: 'snapshot',
    account,
    time,
    balance,
    equity,
    openPositions,
  }),
  trade: (
    id: string,
    account: string,
    openTime: string,
    closeTime: string | null,
    profit: number,
    extra: Partial<Extract<IngestEventInput, { type: 'trade' }>> = {},
  ): IngestEventInput => ({
    id,
    type: 'trade',
    account,
    ticket: id,
    symbol: 'EURUSD',
    side: 'buy',
    volume: 1,
    openTime,
    openPrice: 1.1,
    closeTime,
    closePrice: closeTime ? 1.101 : null,
    profit,
    commission: -7,
    swap: 0,
    ...extra,
  }),
  balance: (
    id: string,
    account: string,
    time: string,
    amount: number,
    comment = '',
    kind: 'withdrawal' | 'adjustment' = 'adjustment',
  ): Extract<IngestEventInput, { type: 'balance' }> => ({
    id,
    type: 'balance',
    account,
    time,
    kind,
    amount,
    comment,
  }),
};
