// The PDFs' font: Noto Sans SC covers Latin, Cyrillic, Greek, kana and the CJK ideographs, so a name
// in any of the platform's languages prints; pdfkit embeds only the glyphs used (subset).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'),
};

export interface PdfFonts {
  regular: Buffer;
  bold: Buffer;
}

// Read once (about 10 MB each): every document after the first is laid out from memory.
let fonts: Promise<PdfFonts> | undefined;
export function loadPdfFonts(): Promise<PdfFonts> {
  fonts ??= Promise.all([readFile(FONT_FILES.regular), readFile(FONT_FILES.bold)]).then(([regular, bold]) => ({
    regular,
    bold,
  }));
  fonts.catch(() => (fonts = undefined));
  return fonts;
}

/** A new document's fonts, registered as `regular` and `bold`. */
export async function registerPdfFonts(pdf: PDFKit.PDFDocument): Promise<void> {
  const { regular, bold } = await loadPdfFonts();
  pdf.registerFont('regular', regular);
  pdf.registerFont('bold', bold);
}

/** The document as one buffer once it has ended. */
export function collectPdf(pdf: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
}
