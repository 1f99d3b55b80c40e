// The invoice as a PDF: one A4 page with what art. 226 of Directive 2006/112/EC asks for, in the
// buyer's language, in the shared font that covers the platform's languages (lib/pdf-fonts).
import PDFDocument from 'pdfkit';
import { collectPdf, loadPdfFonts } from '../../lib/pdf-fonts.ts';
import type { InvoiceDocument } from './invoice-document.ts';
import {
  countryName,
  formatDate,
  formatDateTime,
  formatMoney,
  formatRate,
  invoiceTexts,
  type InvoiceTexts,
} from './invoice-texts.ts';

const PAGE = { left: 50, right: 545.28, top: 50, bottom: 791.89 };
const WIDTH = PAGE.right - PAGE.left;
const GREY = '#555555';
const RULE = '#bbbbbb';

export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const { regular, bold } = await loadPdfFonts();
  const t = invoiceTexts(doc.locale);
  const pdf = new PDFDocument({
    size: 'A4',
    margin: PAGE.left,
    // No standard font: Helvetica has no CJK or Cyrillic, ours is set right below.
    font: '',
    lang: doc.locale,
    displayTitle: true,
    info: { Title: `${t.title} ${doc.number}`, Author: doc.seller.name, Subject: doc.orderNumber },
  });
  pdf.registerFont('regular', regular);
  pdf.registerFont('bold', bold);
  const done = collectPdf(pdf);

  header(pdf, doc, t);
  parties(pdf, doc, t);
  serviceLine(pdf, doc, t);
  totals(pdf, doc, t);
  payment(pdf, doc, t);
  footer(pdf, doc, t);

  pdf.end();
  return done;
}

function header(pdf: PDFKit.PDFDocument, doc: InvoiceDocument, t: InvoiceTexts) {
  pdf.font('bold').fontSize(22).fillColor('black').text(t.title, PAGE.left, PAGE.top, { width: WIDTH, align: 'right' });
  pdf
    .font('bold')
    .fontSize(14)
    .text(doc.seller.name, PAGE.left, PAGE.top + 4, { width: WIDTH / 2 });

  const rows: [string, string][] = [
    [t.invoiceNumber, doc.number],
    [t.issueDate, formatDate(doc.locale, doc.issuedAt)],
    [t.supplyDate, formatDate(doc.locale, doc.suppliedAt)],
    [t.orderNumber, doc.orderNumber],
  ];
  let y = PAGE.top + 40;
  for (const [label, value] of rows) {
    pdf.font('regular').fontSize(9).fillColor(GREY).text(label, 320, y, { width: 105 });
    pdf
      .font('bold')
      .fontSize(9)
      .fillColor('black')
      .text(value, 425, y, { width: PAGE.right - 425, align: 'right' });
    y = Math.max(y + 14, pdf.y + 2);
  }
  pdf.y = y;
}

function parties(pdf: PDFKit.PDFDocument, doc: InvoiceDocument, t: InvoiceTexts) {
  const top = pdf.y + 20;
  const { seller, buyer } = doc;
  const sellerLines = [...seller.addressLines, countryName(doc.locale, seller.country), `${t.vatId}: ${seller.vatId}`];
  const buyerLines = [
    ...(buyer.company ? [buyer.company] : []),
    ...buyer.addressLines,
    `${buyer.postalCode} ${buyer.city}`,
    countryName(doc.locale, buyer.country),
    ...(buyer.vatId ? [`${t.vatId}: ${buyer.vatId}`] : []),
    `${t.email}: ${buyer.email}`,
  ];
  const leftEnd = party(pdf, PAGE.left, top, t.seller, seller.name, sellerLines);
  const rightEnd = party(pdf, 320, top, t.buyer, buyer.name, buyerLines);
  pdf.y = Math.max(leftEnd, rightEnd);
}

/** One party's block; returns where it ends. */
function party(pdf: PDFKit.PDFDocument, x: number, y: number, label: string, name: string, lines: string[]) {
  const width = 225;
  pdf.font('regular').fontSize(8).fillColor(GREY).text(label, x, y, { width });
  pdf
    .font('bold')
    .fontSize(10)
    .fillColor('black')
    .text(name, x, pdf.y + 2, { width });
  pdf.font('regular').fontSize(9);
  for (const line of lines.filter((l) => l.trim() !== '')) pdf.text(line, x, pdf.y + 1, { width });
  return pdf.y;
}

const COLUMNS = { description: PAGE.left, quantity: 330, unitPrice: 370, amount: 460 };

function serviceLine(pdf: PDFKit.PDFDocument, doc: InvoiceDocument, t: InvoiceTexts) {
  let y = pdf.y + 30;
  pdf.font('bold').fontSize(9).fillColor('black');
  pdf.text(t.description, COLUMNS.description, y, { width: COLUMNS.quantity - COLUMNS.description - 10 });
  pdf.text(t.quantity, COLUMNS.quantity, y, { width: 35, align: 'right' });
  pdf.text(t.unitPrice, COLUMNS.unitPrice, y, { width: 85, align: 'right' });
  pdf.text(t.amount, COLUMNS.amount, y, { width: PAGE.right - COLUMNS.amount, align: 'right' });
  y = pdf.y + 4;
  rule(pdf, y);

  y += 6;
  const unitPrice = formatMoney(doc.locale, doc.currency, doc.subtotalCents);
  pdf.font('regular').fontSize(9);
  pdf.text(doc.description, COLUMNS.description, y, { width: COLUMNS.quantity - COLUMNS.description - 10 });
  const end = pdf.y;
  pdf.text(new Intl.NumberFormat(doc.locale).format(doc.quantity), COLUMNS.quantity, y, { width: 35, align: 'right' });
  pdf.text(unitPrice, COLUMNS.unitPrice, y, { width: 85, align: 'right' });
  pdf.text(unitPrice, COLUMNS.amount, y, { width: PAGE.right - COLUMNS.amount, align: 'right' });
  pdf.y = Math.max(end, pdf.y) + 4;
  rule(pdf, pdf.y);
}

function totals(pdf: PDFKit.PDFDocument, doc: InvoiceDocument, t: InvoiceTexts) {
  const money = (cents: number) => formatMoney(doc.locale, doc.currency, cents);
  const rows: [string, string][] = [[t.subtotal, money(doc.subtotalCents)]];
  if (doc.discount.amountCents > 0) {
    const label = doc.discount.code ? `${t.discount} (${doc.discount.code})` : t.discount;
    rows.push([label, money(-doc.discount.amountCents)]);
  }
  rows.push([t.net, money(doc.netCents)], [`${t.vat} ${formatRate(doc.locale, doc.vatRateBps)}`, money(doc.vatCents)]);

  let y = pdf.y + 10;
  for (const [label, value] of rows) y = amountRow(pdf, y, label, value, 'regular');
  rule(pdf, y + 2, 320);
  pdf.y = amountRow(pdf, y + 8, t.total, money(doc.totalCents), 'bold', 11);
}

function amountRow(pdf: PDFKit.PDFDocument, y: number, label: string, value: string, font: string, size = 9) {
  pdf.font(font).fontSize(size).fillColor('black').text(label, 320, y, { width: 130 });
  const end = pdf.y;
  pdf.text(value, 450, y, { width: PAGE.right - 450, align: 'right' });
  return Math.max(end, pdf.y) + 3;
}

function payment(pdf: PDFKit.PDFDocument, doc: InvoiceDocument, t: InvoiceTexts) {
  let y = pdf.y + 25;
  const rows: [string, string][] = [
    [t.paidOn, formatDateTime(doc.locale, doc.paidAt)],
    [t.paymentMethod, t.paymentMethods[doc.paymentMethod]],
  ];
  for (const [label, value] of rows) {
    pdf.font('regular').fontSize(9).fillColor(GREY).text(label, PAGE.left, y, { width: 120 });
    pdf.fillColor('black').text(value, PAGE.left + 120, y, { width: WIDTH - 120 });
    y = pdf.y + 3;
  }
  pdf
    .font('bold')
    .fontSize(9)
    .text(t.paidInFull, PAGE.left, y + 4, { width: WIDTH });
  if (doc.reverseCharge) {
    pdf
      .font('bold')
      .fontSize(9)
      .text(t.reverseCharge, PAGE.left, pdf.y + 12, { width: WIDTH });
    // Its own line, so the directive's number is never broken at a slash.
    pdf.font('regular').text(t.reverseChargeBasis, PAGE.left, pdf.y + 1, { width: WIDTH });
  }
}

function footer(pdf: PDFKit.PDFDocument, doc: InvoiceDocument, t: InvoiceTexts) {
  const line = [doc.seller.name, ...doc.seller.addressLines, `${t.vatId}: ${doc.seller.vatId}`].join(' · ');
  // Written inside the bottom margin on purpose: no automatic page break for the footer.
  pdf.page.margins.bottom = 0;
  pdf.font('regular').fontSize(7).fillColor(GREY).text(line, PAGE.left, PAGE.bottom, { width: WIDTH, align: 'center' });
}

function rule(pdf: PDFKit.PDFDocument, y: number, from = PAGE.left) {
  pdf.moveTo(from, y).lineTo(PAGE.right, y).lineWidth(0.5).strokeColor(RULE).stroke();
}
