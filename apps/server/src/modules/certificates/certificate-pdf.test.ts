// The certificate PDF read back as a reader would: its text with pdf.js, and its QR code decoded
// from the image pdf.js paints on the page.
import jsQR from 'jsqr';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import type { CertificateDocument } from './certificate-document.ts';
import { renderCertificatePdf } from './certificate-pdf.ts';

interface PdfImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
  /** pdf.js ImageKind: 1 grey 1 bit, 2 RGB, 3 RGBA. */
  kind: number;
}

/** RGBA pixels, as jsQR reads them. */
function rgba(img: PdfImage): Uint8ClampedArray {
  const n = img.width * img.height;
  if (img.kind === 3) return img.data;
  const out = new Uint8ClampedArray(n * 4);
  for (let i = 0; i < n; i++) {
    let v: [number, number, number];
    if (img.kind === 2) v = [img.data[i * 3]!, img.data[i * 3 + 1]!, img.data[i * 3 + 2]!];
    else {
      const row = Math.floor(i / img.width);
      const col = i % img.width;
      const bytesPerRow = Math.ceil(img.width / 8);
      const bit = (img.data[row * bytesPerRow + (col >> 3)]! >> (7 - (col & 7))) & 1;
      v = bit ? [255, 255, 255] : [0, 0, 0];
    }
    out.set([...v, 255], i * 4);
  }
  return out;
}

async function readBack(pdf: Buffer) {
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
  const page = await document.getPage(1);
  const [, , width, height] = page.view;
  const text = (await page.getTextContent()).items
    .map((item) => ('str' in item ? item.str : ''))
    .join(' ')
    .replace(/\s+/gu, ' ');
  const ops = await page.getOperatorList();
  const qrs: string[] = [];
  for (let i = 0; i < ops.fnArray.length; i++) {
    if (ops.fnArray[i] !== OPS.paintImageXObject) continue;
    const id = ops.argsArray[i][0] as string;
    const img = (await new Promise((resolve) => page.objs.get(id, resolve))) as PdfImage;
    const found = jsQR(rgba(img), img.width, img.height);
    if (found) qrs.push(found.data);
  }
  const pages = document.numPages;
  await document.destroy();
  return { pages, width, height, text, qrs };
}

const certificate = (over: Partial<CertificateDocument> = {}): CertificateDocument => ({
  firmName: 'Northwind Funding GmbH',
  holderName: '山田 太郎',
  kind: 'payout',
  phaseNumber: null,
  challengeName: '100K Two-Step',
  amountCents: 1_234_567,
  currency: 'USD',
  issuedAt: new Date('2026-11-02T10:00:00Z'),
  code: 'C7K2-9QXD-M4TB',
  verifyUrl: 'https://app.example.com/verify/C7K2-9QXD-M4TB',
  locale: 'ja',
  ...over,
});

describe('certificate PDF', () => {
  it('is one A4 landscape page with the name in Japanese, the amount, the code and the firm', async () => {
    const pdf = await renderCertificatePdf(certificate());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const back = await readBack(pdf);
    expect(back.pages).toBe(1);
    expect(Math.round(back.width!)).toBe(842);
    expect(Math.round(back.height!)).toBe(595);
    expect(back.text).toContain('山田 太郎');
    expect(back.text).toContain('$12,345.67');
    expect(back.text).toContain('C7K2-9QXD-M4TB');
    expect(back.text).toContain('Northwind Funding GmbH');
    expect(back.text).toContain('証明書');
    expect(back.text).toContain('2026年11月2日');
  });

  it('carries a QR code that decodes to the verification URL', async () => {
    const doc = certificate({ code: 'ZZ99-AB12-XY34', verifyUrl: 'https://app.example.com/verify/ZZ99-AB12-XY34' });
    const back = await readBack(await renderCertificatePdf(doc));
    expect(back.qrs).toEqual([doc.verifyUrl]);
  });

  it('names a passed phase and its challenge in the member language', async () => {
    const back = await readBack(
      await renderCertificatePdf(
        certificate({
          kind: 'phase_passed',
          phaseNumber: 2,
          amountCents: null,
          locale: 'de',
          holderName: 'Jürgen Groß',
        }),
      ),
    );
    expect(back.text).toContain('Jürgen Groß');
    expect(back.text).toContain('Phase 2 der Challenge 100K Two-Step bestanden');
    expect(back.text).toContain('Zertifikat');
  });
});
