// The payout's mails reach a real SMTP server, once each, in the language the member asked in:
// received, approved, paid (with the transfer reference; the certificate follows with its PDF),
// and rejected with the reviewer's reason.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { FakeClock } from '../../lib/clock.ts';
import { createSmtpTransport } from '../mail/index.ts';
import { startSmtpSink, subjectOf, textOf, type ReceivedMail } from '../../../test/smtp-sink.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import {
  bankDestination,
  fundedWithProfit,
  payoutChallenge,
  requestPayout,
  staffAction,
} from '../../../test/payout-fixtures.ts';
import { setupWorld, type TradingWorld } from '../../../test/trading-fixtures.ts';
import { payoutMail } from './payout-mails.ts';

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let t: TestContext;
let w: TradingWorld;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({
    clock: new FakeClock('2026-03-20T12:00:00Z'),
    env: {
      PUBLIC_URL: 'http://app.test',
      STAFF_MFA_REQUIRED: 'false',
      SESSION_IDLE_MINUTES: '43200',
      SESSION_ABSOLUTE_HOURS: '8760',
    },
    deps: { mailTransport: createSmtpTransport(smtp.url) },
  });
  w = await setupWorld(t, payoutChallenge());
  await t.database.db.update(users).set({ firstName: '太郎', lastName: '山田' }).where(eq(users.id, w.member.id));
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** Delivers what the outbox holds, then the member's mails received since `seen`. */
async function newMails(seen: number): Promise<ReceivedMail[]> {
  await t.services.outbox.deliverPending();
  return smtp.received.slice(seen).filter((m) => m.to.includes(w.member.email));
}

describe('payout mails over SMTP', () => {
  it('received, approved and paid, in Japanese, each once; the certificate follows with its PDF', async () => {
    const a = await fundedWithProfit(t, w);
    await newMails(0); // the new account's credentials
    let seen = smtp.received.length;
    const request = await requestPayout(
      t,
      w.member,
      { accountId: a.id, amountCents: 4000_00, destination: bankDestination },
      { 'accept-language': 'ja-JP,ja;q=0.9,en;q=0.5' },
    );
    expect(request.statusCode).toBe(201);
    const { payout } = request.json();

    const received = await newMails(seen);
    expect(received.map(subjectOf)).toEqual(['$4,000.00 の出金申請を受け付けました']);
    const receivedText = textOf(received[0]!);
    expect(receivedText).toContain('太郎 山田 様');
    expect(receivedText).toContain(`口座 ${a.login} からの $4,000.00 の出金申請を受け付けました。`);
    expect(receivedText).toContain('http://app.test/');

    seen = smtp.received.length;
    expect((await staffAction(t, w.admin, payout.id, 'approve')).statusCode).toBe(200);
    const approved = await newMails(seen);
    expect(approved.map(subjectOf)).toEqual(['$4,000.00 の出金が承認されました']);

    seen = smtp.received.length;
    expect((await staffAction(t, w.admin, payout.id, 'mark-paid', { reference: 'SEPA-2026-0042' })).statusCode).toBe(
      200,
    );
    const paid = await newMails(seen);
    const paidMail = paid.find((m) => subjectOf(m) === '$4,000.00 の出金が支払われました');
    expect(paidMail).toBeDefined();
    const paidText = textOf(paidMail!);
    expect(paidText).toContain('送金参照番号');
    expect(paidText).toContain('SEPA-2026-0042');
    expect(paidText).toContain('/certificates');
    // The payout certificate's own mail carries the PDF.
    const certificate = paid.filter((m) => m !== paidMail);
    expect(certificate).toHaveLength(1);
    expect(certificate[0]!.raw).toContain('Content-Type: application/pdf');

    // Delivered once: another run sends nothing more.
    seen = smtp.received.length;
    expect(await newMails(seen)).toEqual([]);
  });

  it('a rejection tells the member the reviewer’s reason, in the language of the request', async () => {
    const a = await fundedWithProfit(t, w);
    const { payout } = (
      await requestPayout(
        t,
        w.member,
        { accountId: a.id, amountCents: 250_00, destination: bankDestination },
        { 'accept-language': 'de-DE,de;q=0.9' },
      )
    ).json();
    await newMails(0); // the account's credentials, the request received
    const seen = smtp.received.length;
    const reason = 'Offene Positionen über das Wochenende';
    expect((await staffAction(t, w.admin, payout.id, 'reject', { reason })).statusCode).toBe(200);

    const rejected = await newMails(seen);
    expect(rejected.map((m) => subjectOf(m).replace(/\u00a0/g, ' '))).toEqual([
      'Auszahlungsantrag über 250,00 $ abgelehnt',
    ]);
    const text = textOf(rejected[0]!);
    expect(text).toContain(`Ihr Auszahlungsantrag über 250,00\u00a0$ vom Konto ${a.login} wurde abgelehnt.`);
    expect(text).toContain(`Begründung`);
    expect(text).toContain(reason);
  });
});

describe('payout mail texts', () => {
  const mail = { name: 'Marie Curie', amount: '250,00\u00a0$', login: '50000007', payoutUrl: 'http://app.test/payout' };

  it('French speaks of a "versement", as the screens do, with a narrow no-break space before ":"', () => {
    const paid = payoutMail('fr', 'paid', { ...mail, reference: 'SEPA-1' });
    expect(paid.subject).toBe('Versement de 250,00\u00a0$ effectué');
    expect(paid.text).toContain('votre versement de 250,00\u00a0$ depuis le compte 50000007 a été effectué.');
    expect(paid.text).toContain('Votre certificat de versement est disponible');
    expect(paid.text).toContain('Suivez vos versements\u202f:\nhttp://app.test/payout');
    expect(payoutMail('fr', 'received', mail).subject).toBe('Demande de versement de 250,00\u00a0$ reçue');
    for (const kind of ['received', 'approved', 'rejected', 'paid'] as const) {
      const { subject, text } = payoutMail('fr', kind, { ...mail, reason: 'x', reference: 'y' });
      expect(`${subject}\n${text}`).not.toMatch(/paiement/i);
    }
  });

  it('Japanese and Chinese put a full-width colon and brackets next to their text', () => {
    const ja = payoutMail('ja', 'paid', { ...mail, reference: 'SEPA-1' });
    expect(ja.text).toContain('出金の状況：\nhttp://app.test/payout');
    expect(ja.text).toContain('「証明書」（/certificates）でご覧いただけます。');
    expect(payoutMail('zh', 'paid', { ...mail, reference: 'SEPA-1' }).text).toContain(
      '“证书”（/certificates）中提供。',
    );
  });
});
