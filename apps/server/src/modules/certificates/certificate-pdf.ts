// The certificate as a PDF: one A4 landscape page in the member's language, with a QR code to its
// public verification page (a PNG image, so a reader or a test can decode it from the page).
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { collectPdf, registerPdfFonts } from '../../lib/pdf-fonts.ts';
import { achievement, kindLabel, type CertificateDocument } from './certificate-document.ts';
import { certificateTexts, formatCertificateDate } from './certificate-texts.ts';

const W = 841.89;
const H = 595.28;
const MARGIN = 48;
const ACCENT = '#1c7ed6';
const GREY = '#555555';

export async function renderCertificatePdf(doc: CertificateDocument): Promise<Buffer> {
  const t = certificateTexts(doc.locale);
  const qr = await QRCode.toBuffer(doc.verifyUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 6 });
  const pdf = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    // No standard font: Helvetica has no CJK or Cyrillic, ours is registered right below.
    font: '',
    lang: doc.locale,
    displayTitle: true,
    info: { Title: `${t.title} ${doc.code}`, Author: doc.firmName, Subject: kindLabel(doc.locale, doc.kind) },
  });
  await registerPdfFonts(pdf);
  const done = collectPdf(pdf);
  // Everything is placed by hand on one page: no automatic page break at the bottom margin.
  pdf.page.margins.bottom = 0;

  pdf
    .rect(20, 20, W - 40, H - 40)
    .lineWidth(3)
    .strokeColor(ACCENT)
    .stroke();
  pdf
    .rect(28, 28, W - 56, H - 56)
    .lineWidth(0.75)
    .strokeColor(ACCENT)
    .stroke();

  const width = W - 2 * MARGIN;
  const centred = { width, align: 'center' as const };
  pdf.font('bold').fontSize(14).fillColor(GREY).text(doc.firmName, MARGIN, 64, centred);
  pdf.font('bold').fontSize(40).fillColor(ACCENT).text(t.title, MARGIN, 96, centred);
  pdf.font('regular').fontSize(12).fillColor(GREY).text(kindLabel(doc.locale, doc.kind), MARGIN, 150, centred);
  pdf.font('regular').fontSize(14).fillColor('black').text(t.presentedTo, MARGIN, 200, centred);
  pdf.font('bold').fontSize(32).text(doc.holderName, MARGIN, 228, centred);
  pdf
    .font('regular')
    .fontSize(16)
    .text(achievement(doc), MARGIN + 60, 290, { width: width - 120, align: 'center' });

  // The facts bottom left, the QR code bottom right.
  const facts: [string, string][] = [
    [t.issuedOn, formatCertificateDate(doc.locale, doc.issuedAt)],
    [t.code, doc.code],
    [t.verifyAt, doc.verifyUrl],
  ];
  let y = 420;
  for (const [label, value] of facts) {
    pdf
      .font('regular')
      .fontSize(9)
      .fillColor(GREY)
      .text(label, MARGIN + 20, y, { width: 500 });
    pdf
      .font('bold')
      .fontSize(12)
      .fillColor('black')
      .text(value, MARGIN + 20, pdf.y + 1, { width: 520 });
    y = pdf.y + 8;
  }
  const size = 110;
  const qrX = W - MARGIN - 20 - size;
  pdf.image(qr, qrX, 400, { width: size, height: size });
  pdf
    .font('regular')
    .fontSize(8)
    .fillColor(GREY)
    .text(t.scanToVerify, qrX - 20, 400 + size + 4, { width: size + 40, align: 'center' });

  pdf.end();
  return done;
}
