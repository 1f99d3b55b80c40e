import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import type { InvoiceDocument } from './invoice-document.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { INVOICE_LOCALES, invoiceTexts } from './invoice-texts.ts';

/** The PDF's text as a reader (pdf.js) extracts it, all whitespace kinds made one space. */
async function extract(pdf: Buffer): Promise<{ pages: number; text: string; fonts: string[] }> {
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
  const parts: string[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    for (const item of content.items) if ('str' in item) parts.push(item.str);
  }
  // Each embedded font is named twice (the composite font and its descendant).
  const fonts = [
    ...new Set([...pdf.toString('latin1').matchAll(/\/BaseFont \/([A-Z]{6}\+[\w-]+)/g)].map((m) => m[1] ?? '')),
  ];
  const pages = document.numPages;
  await document.destroy();
  return { pages, text: parts.join(' ').replace(/\s+/gu, ' '), fonts };
}

const invoice = (over: Partial<InvoiceDocument> = {}): InvoiceDocument => ({
  number: 'INV-2026-000123',
  issuedAt: new Date('2026-03-14T09:30:00Z'),
  suppliedAt: new Date('2026-03-14T09:29:00Z'),
  seller: {
    name: 'Northwind Funding GmbH',
    addressLines: ['Hauptstraße 12', '10115 Berlin'],
    country: 'DE',
    vatId: 'DE123456789',
  },
  buyer: {
    name: '山田 太郎',
    company: '',
    addressLines: ['1-2-3 Shibuya'],
    city: 'Tokyo',
    postalCode: '150-0002',
    country: 'JP',
    vatId: '',
    email: 'taro@example.jp',
  },
  description: 'Trading challenge 100K Two-Step — evaluation account',
  quantity: 1,
  currency: 'EUR',
  subtotalCents: 54_900,
  discount: { code: null, amountCents: 0 },
  netCents: 54_900,
  vatRateBps: 1900,
  vatCents: 10_431,
  totalCents: 65_331,
  reverseCharge: false,
  paymentMethod: 'stripe',
  paidAt: new Date('2026-03-14T09:29:00Z'),
  orderNumber: 'ORD-000042',
  locale: 'en',
  ...over,
});

/** A French company buying from a German seller with its VAT id: reverse charge, no VAT. */
const reverseCharge = (over: Partial<InvoiceDocument> = {}) =>
  invoice({
    buyer: {
      name: 'Иван Петров',
      company: 'Société Générale de Trading SARL',
      addressLines: ['12 rue de la Paix'],
      city: 'Paris',
      postalCode: '75002',
      country: 'FR',
      vatId: 'FR12345678901',
      email: 'ivan@example.fr',
    },
    discount: { code: 'SPRING10', amountCents: 5_490 },
    netCents: 49_410,
    vatRateBps: 0,
    vatCents: 0,
    totalCents: 49_410,
    reverseCharge: true,
    ...over,
  });

describe('renderInvoicePdf', () => {
  it('prints what art. 226 asks for, with a Japanese buyer name, read back from the PDF', async () => {
    const { text, pages } = await extract(await renderInvoicePdf(invoice()));

    expect(pages).toBe(1);
    expect(text).toContain('Invoice');
    expect(text).toContain('INV-2026-000123');
    expect(text).toContain('ORD-000042');
    expect(text).toContain('Issue date March 14, 2026');
    expect(text).toContain('Date of supply March 14, 2026');
    // Seller: name, address, VAT id.
    expect(text).toContain('Northwind Funding GmbH');
    expect(text).toContain('Hauptstraße 12');
    expect(text).toContain('VAT ID: DE123456789');
    // Buyer: name in kanji, address, country named in the reader's language; no VAT id given.
    expect(text).toContain('山田 太郎');
    expect(text).toContain('150-0002 Tokyo');
    expect(text).toContain('Japan');
    expect(text.match(/VAT ID:/g)).toHaveLength(2); // the seller's, in its block and the footer
    // The service, the amounts, the VAT rate and amount, the total.
    expect(text).toContain('Trading challenge 100K Two-Step — evaluation account');
    expect(text).toContain('Net amount €549.00');
    expect(text).toContain('VAT 19% €104.31');
    expect(text).toContain('Total €653.31');
    expect(text).not.toContain('Discount');
    expect(text).toContain('Paid on March 14, 2026 at 09:29 AM UTC');
    expect(text).toContain('Payment method Card (Stripe)');
    expect(text).not.toContain('Reverse charge');
    expect(text).not.toContain('2006/112');
  });

  it('carries the reverse-charge mention, the buyer VAT id, the discount and a Cyrillic name', async () => {
    const { text } = await extract(await renderInvoicePdf(reverseCharge()));

    expect(text).toContain('Иван Петров');
    expect(text).toContain('Société Générale de Trading SARL');
    expect(text).toContain('75002 Paris');
    expect(text).toContain('France');
    expect(text).toContain('VAT ID: FR12345678901');
    expect(text).toContain('Discount (SPRING10) -€54.90');
    expect(text).toContain('VAT 0% €0.00');
    expect(text).toContain('Total €494.10');
    expect(text).toContain(
      'Reverse charge: VAT to be accounted for by the recipient. Article 196 of Council Directive 2006/112/EC',
    );
  });

  it('speaks German for locale de: labels, money, dates and the reverse-charge mention', async () => {
    const { text } = await extract(await renderInvoicePdf(reverseCharge({ locale: 'de', paymentMethod: 'manual' })));

    expect(text).toContain('Rechnung');
    expect(text).toContain('Rechnungsnummer INV-2026-000123');
    expect(text).toContain('Rechnungsdatum 14. März 2026');
    expect(text).toContain('Leistungsdatum 14. März 2026');
    expect(text).toContain('Rechnungsempfänger');
    expect(text).toContain('USt-IdNr.: FR12345678901');
    expect(text).toContain('Frankreich');
    expect(text).toContain('Rabatt (SPRING10) -54,90 €');
    expect(text).toContain('Gesamtbetrag 494,10 €');
    expect(text).toContain('Zahlungsart Banküberweisung');
    expect(text).toContain('Bezahlt am 14. März 2026 um 09:29 UTC');
    expect(text).toContain('Steuerschuldnerschaft des Leistungsempfängers');
    expect(text).toContain('Artikel 196 der Richtlinie 2006/112/EG des Rates');
    expect(text).not.toContain('Invoice number');
  });

  it('prints Chinese labels and names, and money without decimals where the currency has none', async () => {
    const doc = invoice({
      locale: 'zh',
      buyer: { ...invoice().buyer, name: '张伟', city: '北京市朝阳区', country: 'CN' },
      paymentMethod: 'demo',
    });
    const { text } = await extract(await renderInvoicePdf(doc));

    expect(text).toContain('发票号码 INV-2026-000123');
    expect(text).toContain('张伟');
    expect(text).toContain('北京市朝阳区');
    expect(text).toContain('中国');
    expect(text).toContain('合计 €653.31');
    expect(text).toContain('支付方式 演示支付');
  });

  it('writes every language it offers, embedding only subsets of the one font', async () => {
    for (const locale of INVOICE_LOCALES) {
      const pdf = await renderInvoicePdf(reverseCharge({ locale }));
      const { text, fonts } = await extract(pdf);
      const t = invoiceTexts(locale);
      expect(text).toContain(t.invoiceNumber);
      expect(text).toContain(t.reverseCharge.replace(/\s+/gu, ' '));
      expect(text).toContain(t.reverseChargeBasis.replace(/\s+/gu, ' '));
      expect(text).toContain('Иван Петров');
      // Regular and bold, subset (a six-letter tag): the whole font is about 10 MB.
      expect(fonts.map((f) => f.slice(7)).sort()).toEqual(['NotoSansSC-Bold', 'NotoSansSC-Regular']);
      expect(pdf.length).toBeLessThan(80_000);
    }
  });
});
