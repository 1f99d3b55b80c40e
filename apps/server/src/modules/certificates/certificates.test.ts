// The routes end to end: public verification (valid, revoked 410, unknown and malformed alike,
// throttled), the member's cards and PDF, and the staff desk (issue and revoke audit-logged,
// SUPPORT and members refused). Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { FakeClock } from '../../lib/clock.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { createAccount, setupWorld, type TradingWorld } from '../../../test/trading-fixtures.ts';

let t: TestContext;
let w: TradingWorld;
let accountId: string;
const VERIFY_LIMIT = 40;

beforeAll(async () => {
  t = await createTestApp({
    clock: new FakeClock('2026-11-02T10:00:00Z'),
    env: {
      PUBLIC_URL: 'https://app.example.com',
      RATE_LIMIT_VERIFY_PER_IP: String(VERIFY_LIMIT),
      // Staff here sign in with a password only.
      STAFF_MFA_REQUIRED: 'false',
    },
  });
  w = await setupWorld(t);
  await t.database.db.update(users).set({ firstName: '花子', lastName: '佐藤' }).where(eq(users.id, w.member.id));
  accountId = (await createAccount(t, w)).id;
});
afterAll(async () => {
  await t?.close();
});

let ip = 0;
/** Each call from its own address unless one is given, so the throttle only counts where meant. */
const verify = (code: string, remoteAddress = `10.1.0.${++ip % 250}`) =>
  t.app.inject({ method: 'GET', url: `/api/certificates/verify/${encodeURIComponent(code)}`, remoteAddress });

async function issue(body: Record<string, unknown>, headers = w.admin.headers) {
  return t.app.inject({ method: 'POST', url: '/api/admin/certificates', headers, payload: body });
}

const audit = (targetId: string) =>
  t.database.db.query.auditLog.findMany({ where: (a, { eq: is }) => is(a.targetId, targetId) });

describe('issue by hand and verify', () => {
  it('issues a payout certificate, audit-logged with its reason, and verifies it publicly', async () => {
    const res = await issue({ userId: w.member.id, kind: 'payout', amountCents: 250_000, reason: 'Paid by wire' });
    expect(res.statusCode).toBe(201);
    const { certificate } = res.json();
    expect(certificate).toMatchObject({ kind: 'payout', amountCents: 250_000, holderName: '花子 佐藤' });
    expect(certificate.code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(certificate.verifyUrl).toBe(`https://app.example.com/verify/${certificate.code}`);
    const entries = await audit(certificate.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'certificate.issue', actorId: w.admin.id });
    expect(entries[0]!.after).toMatchObject({ reason: 'Paid by wire', amountCents: 250_000 });

    const v = await verify(certificate.code.toLowerCase().replace(/-/g, ' '));
    expect(v.statusCode).toBe(200);
    expect(v.headers['cache-control']).toBe('public, max-age=60');
    expect(v.json()).toEqual({
      valid: true,
      code: certificate.code,
      kind: 'payout',
      holderName: '花子 佐藤',
      issuedAt: '2026-11-02T10:00:00.000Z',
      amountCents: 250_000,
      currency: 'USD',
      challengeName: null,
      phaseNumber: null,
      revokedAt: null,
    });
    // Nothing else personal.
    expect(v.body).not.toContain(w.member.email);
    expect(v.body).not.toContain(w.member.id);
  });

  it('names the account’s challenge and phase; a second one for the same account and kind is a 409', async () => {
    const res = await issue({ userId: w.member.id, kind: 'phase_passed', accountId, reason: 'Manual pass' });
    expect(res.statusCode).toBe(201);
    const v = await verify(res.json().certificate.code);
    expect(v.json()).toMatchObject({ kind: 'phase_passed', phaseNumber: 1, challengeName: 'Test 100K Two-Step' });
    const again = await issue({ userId: w.member.id, kind: 'phase_passed', accountId, reason: 'Manual pass' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CERTIFICATE_EXISTS');
  });

  it('refuses bad input with a 4xx naming the reason and changes nothing', async () => {
    const before = (await t.database.db.query.certificates.findMany()).length;
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ userId: w.member.id, kind: 'payout', reason: 'no amount' }, 400],
      [{ userId: w.member.id, kind: 'funded', reason: 'no account' }, 400],
      [{ userId: w.member.id, kind: 'funded', accountId, amountCents: 5, reason: 'amount on funded' }, 400],
      [{ userId: w.other.id, kind: 'funded', accountId, reason: 'someone else’s account' }, 400],
      [{ userId: w.support.id, kind: 'payout', amountCents: 100, reason: 'staff are not members' }, 400],
      [{ userId: '00000000-0000-4000-8000-000000000000', kind: 'payout', amountCents: 100, reason: 'ghost' }, 404],
      [{ userId: w.member.id, kind: 'payout', amountCents: 100, reason: '' }, 400],
      [{ userId: w.member.id, kind: 'nonsense', amountCents: 100, reason: 'kind' }, 400],
    ];
    for (const [body, status] of cases) {
      const res = await issue(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().code).toMatch(/VALIDATION_ERROR|NOT_FOUND/);
    }
    expect((await t.database.db.query.certificates.findMany()).length).toBe(before);
  });
});

describe('revocation', () => {
  it('revokes with a reason (audit before/after); verify answers 410 with the date; twice is a 409', async () => {
    const { certificate } = (
      await issue({ userId: w.member.id, kind: 'payout', amountCents: 99_00, reason: 'Issued in error later' })
    ).json();
    t.clock.advance(60_000);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/certificates/${certificate.id}/revoke`,
      headers: w.admin.headers,
      payload: { reason: 'Payout reversed' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().certificate).toMatchObject({
      revokedReason: 'Payout reversed',
      revokedAt: '2026-11-02T10:01:00.000Z',
    });
    const entries = (await audit(certificate.id)).filter((e) => e.action === 'certificate.revoke');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.before).toMatchObject({ revokedAt: null });
    expect(entries[0]!.after).toMatchObject({ revokedReason: 'Payout reversed' });

    const v = await verify(certificate.code);
    expect(v.statusCode).toBe(410);
    expect(v.json()).toMatchObject({ valid: false, revokedAt: '2026-11-02T10:01:00.000Z', holderName: '花子 佐藤' });
    expect(v.body).not.toContain('Payout reversed');

    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/admin/certificates/${certificate.id}/revoke`,
      headers: w.admin.headers,
      payload: { reason: 'Again' },
    });
    expect(twice.statusCode).toBe(409);
  });

  it('refuses SUPPORT and members every write with 403, and changes nothing', async () => {
    const { certificate } = (
      await issue({ userId: w.member.id, kind: 'payout', amountCents: 1_00, reason: 'For the refusal test' })
    ).json();
    for (const who of [w.support, w.member]) {
      const issued = await issue(
        { userId: w.member.id, kind: 'payout', amountCents: 1_00, reason: 'Not allowed' },
        who.headers,
      );
      expect(issued.statusCode).toBe(403);
      const revoked = await t.app.inject({
        method: 'POST',
        url: `/api/admin/certificates/${certificate.id}/revoke`,
        headers: who.headers,
        payload: { reason: 'Not allowed' },
      });
      expect(revoked.statusCode).toBe(403);
    }
    expect((await verify(certificate.code)).statusCode).toBe(200);
    expect(await audit(certificate.id)).toHaveLength(1);
    // SUPPORT reads the desk.
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/certificates', headers: w.support.headers });
    expect(list.statusCode).toBe(200);
  });
});

describe('public verification answers', () => {
  it('answers an unknown and a malformed code alike', async () => {
    const unknown = await verify('ZZZZ-ZZZZ-ZZZZ');
    const samples = ['nope', 'C7K2-9QXD', '%00', "' or 1=1 --", 'Ä'.repeat(60), 'x'.repeat(300)];
    for (const code of samples) {
      const res = await verify(code);
      expect(res.statusCode, code).toBe(unknown.statusCode);
      expect(res.body, code).toBe(unknown.body);
      expect(res.headers['cache-control']).toBe(unknown.headers['cache-control']);
    }
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', message: 'No certificate has this code' });
  });

  it('throttles one address after the limit (429 with Retry-After), others still pass', async () => {
    const from = '10.9.9.9';
    for (let i = 0; i < VERIFY_LIMIT; i++) expect((await verify('AAAA-BBBB-CCCC', from)).statusCode).toBe(404);
    const limited = await verify('AAAA-BBBB-CCCC', from);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await verify('AAAA-BBBB-CCCC', '10.9.9.10')).statusCode).toBe(404);
  });

  it('answers a known code again from memory, without counting it; a revocation shows at once', async () => {
    const { certificate } = (
      await issue({ userId: w.member.id, kind: 'payout', amountCents: 5_00, reason: 'Cache test' })
    ).json();
    const from = '10.9.8.7';
    for (let i = 0; i < VERIFY_LIMIT + 5; i++) expect((await verify(certificate.code, from)).statusCode).toBe(200);
    // Only the first lookup was counted: guesses from this address still have their full allowance.
    for (let i = 0; i < VERIFY_LIMIT - 1; i++) expect((await verify('AAAA-BBBB-CCCC', from)).statusCode).toBe(404);
    expect((await verify('AAAA-BBBB-CCCC', from)).statusCode).toBe(429);
    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/admin/certificates/${certificate.id}/revoke`,
      headers: w.admin.headers,
      payload: { reason: 'Cache test over' },
    });
    expect(revoked.statusCode).toBe(200);
    expect((await verify(certificate.code)).statusCode).toBe(410);
  });
});

describe('member certificates', () => {
  it('lists the member’s own cards and serves their PDF; someone else’s is a 404', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/certificates', headers: w.member.headers });
    expect(list.statusCode).toBe(200);
    const cards = list.json().certificates as Array<{ id: string; holderName: string; verifyUrl: string }>;
    expect(cards.length).toBeGreaterThanOrEqual(4);
    expect(
      cards.every((c) => c.holderName === '花子 佐藤' && c.verifyUrl.startsWith('https://app.example.com/verify/')),
    ).toBe(true);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/certificates/${cards[0]!.id}/pdf?lang=ja-JP`,
      headers: w.member.headers,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/certificates/${cards[0]!.id}/pdf`,
      headers: w.other.headers,
    });
    expect(theirs.statusCode).toBe(404);
    const otherList = await t.app.inject({ method: 'GET', url: '/api/certificates', headers: w.other.headers });
    expect(otherList.json().certificates).toEqual([]);
  });

  it('filters the staff list on the server (kind, revoked, search, dates) and pages it', async () => {
    const get = async (qs: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/admin/certificates?${qs}`, headers: w.admin.headers })).json();
    const all = await get('pageSize=10');
    expect(all.total).toBeGreaterThanOrEqual(4);
    const revoked = await get('revoked=yes');
    expect(revoked.items.every((c: { revokedAt: string | null }) => c.revokedAt !== null)).toBe(true);
    const everything = await get('pageSize=100');
    expect(revoked.total).toBe(everything.items.filter((c: { revokedAt: string | null }) => c.revokedAt).length);
    expect(revoked.total).toBeGreaterThan(0);
    const payouts = await get('kind=payout&revoked=no');
    expect(payouts.items.every((c: { kind: string; revokedAt: null }) => c.kind === 'payout' && !c.revokedAt)).toBe(
      true,
    );
    expect((await get('q=花子')).total).toBe(all.total);
    expect((await get(`q=${encodeURIComponent(w.other.email)}`)).total).toBe(0);
    expect((await get('from=2026-11-03T00:00:00Z')).total).toBe(0);
    expect((await get('to=2026-11-03T00:00:00Z')).total).toBe(all.total);
    const members = await t.app.inject({
      method: 'GET',
      url: `/api/admin/certificates/members?q=${encodeURIComponent('佐藤')}`,
      headers: w.support.headers,
    });
    expect(members.json().members).toEqual([{ id: w.member.id, name: '花子 佐藤', email: w.member.email }]);
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/certificates?kind=x', headers: w.admin.headers });
    expect(bad.statusCode).toBe(400);
  });
});
