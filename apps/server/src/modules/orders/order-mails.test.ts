// The payment mail reaches a real SMTP server with the invoice PDF attached (rendered at delivery),
// and the PDF reads back with the invoice's number, buyer and total.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../lib/clock.ts';
import { createSmtpTransport } from '../mail/index.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { setupWorld, type TradingWorld } from '../../../test/trading-fixtures.ts';
import { localeOf, orderReceivedMail } from './mail-texts.ts';
import { billing, checkout } from '../../../test/order-fixtures.ts';

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let t: TestContext;
let w: TradingWorld;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({
    clock: new FakeClock('2026-09-10T08:00:00Z'),
    env: { DEMO_DATA: 'true', PAYMENT_PROVIDERS: 'demo', PUBLIC_URL: 'http://app.test', SELLER_VAT_ID: 'CZ12345678' },
    deps: { mailTransport: createSmtpTransport(smtp.url) },
  });
  w = await setupWorld(t);
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
  const parts: string[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    for (const item of (await (await document.getPage(n)).getTextContent()).items)
      if ('str' in item) parts.push(item.str);
  }
  await document.destroy();
  return parts.join(' ').replace(/\s+/gu, ' ');
}

describe('order mails', () => {
  it('sends received, paid (invoice PDF attached) and credentials to the member over SMTP', async () => {
    const res = await checkout(
      t,
      w.member,
      { challengeId: w.challengeId, provider: 'demo', billing: billing({ name: '山田 太郎', country: 'JP' }) },
      { 'accept-language': 'ja-JP,ja;q=0.9,en;q=0.5' },
    );
    expect(res.statusCode).toBe(201);
    const { order } = res.json();
    await t.services.outbox.deliverPending();
    const mails = await smtp.waitFor(3);
    const mine = mails.filter((m) => m.to.includes(w.member.email));
    expect(mine).toHaveLength(3);
    const withPdf = mine.filter((m) => m.raw.includes('Content-Type: application/pdf'));
    expect(withPdf).toHaveLength(1);
    expect(withPdf[0]!.raw).toContain(`filename=${order.invoiceNumber}.pdf`);
    const pdf = attachment(withPdf[0]!.raw, 'application/pdf')!;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain(order.invoiceNumber);
    expect(text).toContain('山田 太郎');
    expect(text).toContain('$499.00');
    const rows = await t.database.db.query.emailOutbox.findMany();
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
  });

  it('keeps an issued invoice as it was when the challenge is renamed since', async () => {
    const { order } = (await checkout(t, w.member, { challengeId: w.challengeId, provider: 'demo' })).json();
    const invoice = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/orders/${order.id}/invoice.pdf`,
        headers: w.member.headers,
      });
      expect(res.statusCode).toBe(200);
      return pdfText(res.rawPayload);
    };
    expect(await invoice()).toContain('Test 100K Two-Step');
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/challenges/${w.challengeId}`,
      headers: w.admin.headers,
      payload: { name: 'Renamed 100K' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const text = await invoice();
    expect(text).toContain('Test 100K Two-Step');
    expect(text).not.toContain('Renamed 100K');
  });
});

describe('mail texts', () => {
  it('picks the first supported language by quality', () => {
    expect(localeOf('fr-CH, fr;q=0.9, en;q=0.8')).toBe('fr');
    expect(localeOf('pt-BR, es;q=0.5, de;q=0.7')).toBe('de');
    expect(localeOf('zh-Hans-CN')).toBe('zh');
    expect(localeOf('ko;q=1, en;q=0')).toBe('en');
    expect(localeOf(undefined)).toBe('en');
  });

  it('escapes every value in the HTML and formats money for the language', () => {
    const mail = orderReceivedMail('de', {
      name: '<script>alert(1)</script>',
      orderNumber: 'ORD-000001',
      challenge: 'A & B',
      total: '1.234,56 €',
      transfer: null,
      billingUrl: 'http://app.test/billing?x="1"',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain('A &amp; B');
    expect(mail.html).toContain('&quot;1&quot;');
    expect(mail.text).toContain('<script>alert(1)</script>');
    expect(mail.subject).toBe('Bestellung ORD-000001 eingegangen');
  });
});
