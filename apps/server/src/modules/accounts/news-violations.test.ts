// The restricted-news rule through the API: a funded-phase option off by default, violations
// computed on read (an event imported after the trades still flags them), shown to the member,
// to staff and in payout review, never failing the account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { bankDestination, payoutChallenge, requestPayout } from '../../../test/payout-fixtures.ts';
import { createAccount, ev, ingest, setupWorld, type TradingWorld } from '../../../test/trading-fixtures.ts';

let t: TestContext;
let w: TradingWorld;
let plain: TradingWorld;

const restricted = () => {
  const c = payoutChallenge();
  c.phases[1] = { ...c.phases[1]!, restrictedNews: { minutesBefore: 2, minutesAfter: 2 } };
  return c;
};

beforeAll(async () => {
  t = await createTestApp({ clock: new FakeClock('2026-03-21T12:00:00Z') });
  w = await setupWorld(t, restricted());
  plain = await setupWorld(t, payoutChallenge());
});
afterAll(async () => {
  await t.close();
});

const NFP = '2026-03-06T13:30:00Z';
const at = (offsetMs: number) => new Date(Date.parse(NFP) + offsetMs).toISOString();
const MIN = 60_000;

async function importNfp() {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/news/import',
    headers: w.admin.headers,
    payload: {
      format: 'json',
      content: JSON.stringify([
        { title: 'Non-Farm Employment Change', country: 'USD', date: NFP, impact: 'High', forecast: '', previous: '' },
        { title: 'German Factory Orders', country: 'EUR', date: NFP, impact: 'Medium', forecast: '', previous: '' },
      ]),
    },
  });
  expect(res.statusCode).toBe(201);
}

const violations = (accountId: string, headers = w.member.headers) =>
  t.app.inject({ method: 'GET', url: `/api/accounts/${accountId}/news-violations`, headers });

describe('restricted-news rule', () => {
  it('is off by default and refused on an evaluation phase, naming the field', async () => {
    const c = payoutChallenge();
    c.phases[0] = { ...c.phases[0]!, restrictedNews: { minutesBefore: 2, minutesAfter: 2 } };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/challenges',
      headers: w.admin.headers,
      payload: c,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/restrictedNews/);
    const challenge = await t.app.inject({ method: 'GET', url: `/api/challenges`, headers: w.member.headers });
    const phases = challenge.json().challenges.find((x: { id: string }) => x.id === plain.challengeId).phases;
    expect(phases.map((p: { restrictedNews: unknown }) => p.restrictedNews)).toEqual([null, null]);
    const withRule = challenge.json().challenges.find((x: { id: string }) => x.id === w.challengeId).phases;
    expect(withRule[1].restrictedNews).toEqual({ minutesBefore: 2, minutesAfter: 2 });
  });

  it('flags trades inside the window once the event is imported, after the trades, without failing the account', async () => {
    const a = await createAccount(t, w, w.member, 1);
    const res = await ingest(t, w.connectorKey, [
      ev.trade('in-open', a.login, at(-2 * MIN + 1), at(30 * MIN), 120),
      ev.trade('out-open', a.login, at(-2 * MIN - 1), at(-MIN * 1.5), 10, { symbol: 'GBPJPY' }),
      ev.trade('in-close', a.login, at(-60 * MIN), at(2 * MIN - 1), 130, { symbol: 'XAUUSD' }),
      ev.trade('out-close', a.login, at(-60 * MIN), at(2 * MIN + 1), 140),
      ev.trade('other-ccy', a.login, at(0), at(MIN), 5150, { symbol: 'GBPJPY' }),
    ]);
    expect(res.statusCode).toBe(200);
    const before = (await violations(a.id)).json();
    expect(before).toMatchObject({ enabled: true, minutesBefore: 2, minutesAfter: 2, violations: [] });

    await importNfp();
    const after = (await violations(a.id)).json();
    expect(after.violations.map((v: { ticket: string; side: string }) => `${v.ticket}:${v.side}`)).toEqual([
      'in-open:open',
      'in-close:close',
    ]);
    expect(after.violations[0].event).toMatchObject({ currency: 'USD', title: 'Non-Farm Employment Change' });
    const overview = await t.app.inject({ method: 'GET', url: `/api/accounts/${a.id}`, headers: w.member.headers });
    expect(overview.json().account.status).toBe('active');
    expect(overview.json().rules.restrictedNews).toEqual({ minutesBefore: 2, minutesAfter: 2 });

    // Staff see the same (SUPPORT included); another member does not reach it.
    const staff = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/${w.member.id}/accounts/${a.id}/news-violations`,
      headers: w.support.headers,
    });
    expect(staff.json().violations).toHaveLength(2);
    expect((await violations(a.id, w.other.headers)).statusCode).toBe(404);

    // Payout review carries them.
    const payout = await requestPayout(t, w.member, {
      accountId: a.id,
      amountCents: 100_00,
      destination: bankDestination,
    });
    expect(payout.statusCode, payout.body).toBe(201);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/payouts/${payout.json().payout.id}`,
      headers: w.support.headers,
    });
    expect(detail.json().newsViolations.violations).toHaveLength(2);
  });

  it('is not applied to a phase without the rule', async () => {
    const a = await createAccount(t, plain, plain.member, 1);
    await ingest(t, plain.connectorKey, [ev.trade('p-1', a.login, at(0), at(MIN), 10)]);
    const res = (await violations(a.id, plain.member.headers)).json();
    expect(res).toEqual({ enabled: false, minutesBefore: 0, minutesAfter: 0, violations: [] });
  });
});
