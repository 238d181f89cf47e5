import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { pdfkitBytes } from '../../lib/pdf-text';

const require = createRequire(import.meta.url);

/** A font with both Latin and Myanmar glyphs where the machine has one (Debian's fonts-sil-padauk). */
function myanmarFont(): string {
  const padauk = '/usr/share/fonts/truetype/padauk/Padauk-Regular.ttf';
  if (existsSync(padauk)) return padauk;
  return require.resolve('@fontsource/noto-sans-myanmar/files/noto-sans-myanmar-myanmar-400-normal.woff');
}

/** A PDF for tests: one page per entry, each a list of lines. */
export async function makeTestPdf(pages: string[][]): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false, info: { Title: 'test', CreationDate: new Date(0) } });
  const bytes = pdfkitBytes(doc);
  const font = myanmarFont();
  for (const lines of pages) {
    doc.addPage();
    for (const line of lines) {
      doc.font(/[\u1000-\u109f]/.test(line) ? font : 'Helvetica').text(line);
    }
  }
  doc.end();
  return bytes;
}
