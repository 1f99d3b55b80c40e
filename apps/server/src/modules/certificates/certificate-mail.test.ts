// "Certificate issued" reaches a real SMTP server once per issuance, in the member's language (the
// profile's, else their latest order's), with the certificate PDF rendered at delivery and attached.
import { eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { FakeClock } from '../../lib/clock.ts';
import { createSmtpTransport } from '../mail/index.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { setupWorld, type TradingWorld } from '../../../test/trading-fixtures.ts';
import { checkout } from '../../../test/order-fixtures.ts';
import { certificateIssuedMail } from './certificate-mail.ts';
import { certificateTexts } from './certificate-texts.ts';

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let t: TestContext;
let w: TradingWorld;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({
    clock: new FakeClock('2026-11-02T10:00:00Z'),
    env: { PUBLIC_URL: 'http://app.test', STAFF_MFA_REQUIRED: 'false' },
    deps: { mailTransport: createSmtpTransport(smtp.url) },
  });
  w = await setupWorld(t);
  await t.database.db.update(users).set({ firstName: '太郎', lastName: '山田' }).where(eq(users.id, w.member.id));
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** The base64 body of the MIME part with this content type. */
function attachment(raw: string, contentType: string): Buffer | null {
  const at = raw.indexOf(`Content-Type: ${contentType}`);
  if (at < 0) return null;
  const bodyStart = raw.indexOf('\r\n\r\n', at) + 4;
  const bodyEnd = raw.indexOf('\r\n--', bodyStart);
  return Buffer.from(raw.slice(bodyStart, bodyEnd).replace(/\s+/g, ''), 'base64');
}

async function pdfText(pdf: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
  const items = (await (await document.getPage(1)).getTextContent()).items;
  await document.destroy();
  return items
    .map((i) => ('str' in i ? i.str : ''))
    .join(' ')
    .replace(/\s+/gu, ' ');
}

/** Staff issue the member a payout certificate by hand; its mail is delivered. */
async function issuePayoutCertificate(amountCents: number): Promise<{ id: string; code: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/certificates',
    headers: w.admin.headers,
    payload: { userId: w.member.id, kind: 'payout', amountCents, reason: 'Paid by wire' },
  });
  expect(res.statusCode).toBe(201);
  await t.services.outbox.deliverPending();
  return res.json().certificate;
}

describe('certificate issued mail', () => {
  it('mails the member once, in Japanese, with the PDF attached', async () => {
    // The member's language: their order was placed with a Japanese browser.
    const order = await checkout(t, w.member, { challengeId: w.challengeId }, { 'accept-language': 'ja-JP,ja;q=0.9' });
    expect(order.statusCode).toBe(201);
    const { code } = await issuePayoutCertificate(432_100);

    const mine = (await smtp.waitFor(2)).filter((m) => m.to.includes(w.member.email));
    const withPdf = mine.filter((m) => m.raw.includes('Content-Type: application/pdf'));
    expect(withPdf).toHaveLength(1);
    expect(withPdf[0]!.raw).toContain(`certificate-${code}.pdf`);
    const pdf = attachment(withPdf[0]!.raw, 'application/pdf')!;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain('太郎 山田');
    expect(text).toContain('$4,321.00');
    expect(text).toContain(code);
    expect(text).toContain('証明書');

    // Delivered once: another run sends nothing more.
    await t.services.outbox.deliverPending();
    const rows = await t.database.db.query.emailOutbox.findMany({ where: (m, { eq: is }) => is(m.to, w.member.email) });
    expect(rows.filter((r) => r.attachments?.some((a) => a.kind === 'certificate'))).toHaveLength(1);
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
  });

  it('takes the language the profile names over the latest order’s, for the mail and its PDF alike', async () => {
    // The latest order was placed in Japanese (above); the member then chose German.
    await t.database.db
      .update(users)
      .set({ preferences: { language: 'de' } })
      .where(eq(users.id, w.member.id));
    const { id, code } = await issuePayoutCertificate(10_000);
    const mail = (await smtp.waitFor(3)).find((m) => m.raw.includes(`certificate-${code}.pdf`))!;
    const rows = await t.database.db.query.emailOutbox.findMany({ where: (m, { eq: is }) => is(m.to, w.member.email) });
    const queued = rows.find((r) => r.attachments?.some((a) => a.id === id))!;
    const de = certificateTexts('de');
    expect(queued.subject).toBe(de.mailSubject(de.payoutShort));
    const text = await pdfText(attachment(mail.raw, 'application/pdf')!);
    expect(text).toContain(certificateTexts('de').title);
    expect(text).not.toContain('証明書');
  });

  it('writes the six languages, escaping every value in the HTML', () => {
    const doc = {
      firmName: 'F',
      holderName: '<b>Eve</b>',
      kind: 'funded' as const,
      phaseNumber: null,
      challengeName: 'A & B',
      amountCents: null,
      currency: 'USD',
      issuedAt: new Date('2026-11-02T10:00:00Z'),
      code: 'AAAA-BBBB-CCCC',
      verifyUrl: 'http://app.test/verify/AAAA-BBBB-CCCC',
    };
    const subjects = new Set<string>();
    for (const locale of ['en', 'de', 'es', 'fr', 'ja', 'zh'] as const) {
      const mail = certificateIssuedMail(locale, { ...doc, locale });
      subjects.add(mail.subject);
      expect(mail.html).not.toContain('<b>');
      expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
      expect(mail.html).toContain('A &amp; B');
      expect(mail.text).toContain('http://app.test/verify/AAAA-BBBB-CCCC');
    }
    expect(subjects.size).toBe(6);
  });

  it('names a payout with the screens’ words, French with a narrow no-break space before ":" and "!"', () => {
    expect(certificateTexts('es').payoutShort).toBe('Retiro');
    expect(certificateTexts('es').payout('100,00 US$')).toBe('recibió un retiro de beneficios de 100,00 US$');
    expect(certificateTexts('zh').payoutShort).toBe('出金');
    expect(certificateTexts('zh').payout('US$100.00')).toBe('获得了 US$100.00 的利润出金');
    expect(certificateTexts('ja').title).toBe('証明書');
    expect(certificateTexts('ja').code).toBe('証明書コード');
    const fr = certificateTexts('fr');
    expect(fr.mailSubject('Versement')).toBe('Votre certificat\u202f: Versement');
    expect(fr.mailBody).toBe('félicitations\u202f! Votre certificat a été délivré.');
    expect(fr.shareLink).toBe('Lien de vérification à partager\u202f:');
  });
});
