import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../lib/clock.ts';
import { createSmtpTransport } from '../mail/index.ts';
import { decodedBody, startSmtpSink } from '../../../test/smtp-sink.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { setupWorld, type TradingWorld } from '../../../test/trading-fixtures.ts';

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let t: TestContext;
let w: TradingWorld;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({
    clock: new FakeClock('2026-09-10T08:00:00Z'),
    env: { PUBLIC_URL: 'http://app.test' },
    deps: { mailTransport: createSmtpTransport(smtp.url) },
  });
  w = await setupWorld(t);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('an account staff assign', () => {
  it('mails the member its login details over SMTP, in the member’s language', async () => {
    const prefs = await t.app.inject({
      method: 'PUT',
      url: '/api/user/preferences',
      headers: w.member.headers,
      payload: { language: 'de' },
    });
    expect(prefs.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/accounts',
      headers: w.admin.headers,
      payload: { email: w.member.email, challengeId: w.challengeId, phase: 0 },
    });
    expect(res.statusCode).toBe(201);
    const { account } = res.json();

    await t.services.outbox.deliverPending();
    await smtp.waitFor(1);
    const mail = smtp.received.find((m) => m.to.includes(w.member.email) && m.raw.includes(account.login));
    expect(mail).toBeDefined();
    const body = decodedBody(mail!);
    expect(body).toContain(`Handelskonto ${account.login}`);
    expect(body).toContain(account.password);
    expect(body).toContain('http://app.test/accounts');
  });

  it('sends nothing when the assignment is refused', async () => {
    const before = smtp.received.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/accounts',
      headers: w.admin.headers,
      payload: { email: w.member.email, challengeId: w.challengeId, phase: 4 },
    });
    expect(res.statusCode).toBe(400);
    await t.services.outbox.deliverPending();
    expect(smtp.received.length).toBe(before);
  });
});
