import { PDFDocument } from 'pdf-lib';
import PDFKitDocument from 'pdfkit';
import QRCode from 'qrcode';
import { PRODUCT, toMyanmarDigits } from '@hpbc/shared';
import { latinFont, myanmarFont } from '../../db/seed/pdf-myanmar';
import { drawText, MYANMAR_FEATURES, pdfkitBytes } from '../../lib/pdf-text';

/**
 * The approved copy of a design document (docs/api.md, decision 071): every page of a copy
 * stamped with the committee's name, the reference number, the date of approval and a QR
 * code of the verification page. The original bytes are kept unchanged beside it.
 *
 * The stamp says it in English and in Burmese. pdf-lib, which changes the original, has no
 * Myanmar shaping, so the stamp is drawn once with pdfkit through `lib/pdf-text.ts` (Burmese in
 * visual order inside spans whose ActualText is the text as typed: pdftotext and copy-and-paste
 * get real Burmese back) and laid on each page as a form XObject, scaled to the page.
 */

const INK = '#0d4026';
const FRAME = '#0d5933';

interface StampLine {
  text: string;
  size: number;
  bold?: boolean;
  /** Drawn with the Burmese font (and ActualText); otherwise the Latin one. */
  burmese?: boolean;
}

/** One page of pdfkit with the stamp, its size in points at scale 1. */
async function stampPage(stamp: {
  referenceNumber: string;
  approvedAt: Date;
  verifyUrl: string;
}): Promise<{ bytes: Buffer; width: number; height: number }> {
  const date = stamp.approvedAt.toISOString().slice(0, 10);
  const lines: StampLine[] = [
    { text: `APPROVED - ${PRODUCT.short}`, size: 9, bold: true },
    { text: PRODUCT.full.en, size: 6.5 },
    { text: `Reference: ${stamp.referenceNumber}`, size: 7.5 },
    { text: `Date: ${date}`, size: 7.5 },
    { text: `အတည်ပြုပြီး - ${PRODUCT.short}`, size: 8.5, burmese: true },
    { text: PRODUCT.full.my, size: 6.5, burmese: true },
    { text: `ရည်ညွှန်းအမှတ်- ${stamp.referenceNumber}`, size: 7.5, burmese: true },
    { text: `ရက်စွဲ- ${toMyanmarDigits(date)}`, size: 7.5, burmese: true },
    { text: `Verify: ${stamp.verifyUrl}`, size: 6 },
  ];
  const doc = new PDFKitDocument({ autoFirstPage: false, compress: true });
  doc.registerFont('lat', latinFont('regular'));
  doc.registerFont('latBold', latinFont('bold'));
  doc.registerFont('mm', myanmarFont());
  const done = pdfkitBytes(doc);

  // Each piece of a line in its script's font: Burmese words in 'mm', the reference and the
  // product's short name in the Latin font.
  const font = (line: StampLine, myanmar: boolean) =>
    doc.font(myanmar ? 'mm' : line.bold ? 'latBold' : 'lat').fontSize(line.size);
  const options = (myanmar: boolean) => (myanmar ? { features: MYANMAR_FEATURES as never } : {});
  const lineHeight = (line: StampLine) => line.size * (line.burmese ? 1.75 : 1.35);
  const widthOf = (line: StampLine) =>
    (line.text.match(/[\u1000-\u109F]+|[^\u1000-\u109F]+/g) ?? []).reduce((sum, part) => {
      const myanmar = /[\u1000-\u109F]/.test(part);
      font(line, myanmar);
      return sum + doc.widthOfString(part, options(myanmar));
    }, 0);

  const pad = 6;
  const qrSize = 64;
  const textWidth = Math.max(...lines.map(widthOf));
  const textHeight = lines.reduce((sum, l) => sum + lineHeight(l), 0);
  const width = Math.ceil(qrSize + textWidth + 3 * pad + 4);
  const height = Math.ceil(Math.max(qrSize, textHeight) + 2 * pad);
  doc.addPage({ size: [width, height], margin: 0 });
  doc
    .rect(0.75, 0.75, width - 1.5, height - 1.5)
    .lineWidth(1.5)
    .fillAndStroke('#ffffff', FRAME);
  const qr = await QRCode.toBuffer(stamp.verifyUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 });
  doc.image(qr, pad, (height - qrSize) / 2, { width: qrSize, height: qrSize });
  let y = pad;
  for (const line of lines) {
    doc.fillColor(INK);
    let first = true;
    drawText(doc, line.burmese ? 'my' : 'en', line.text, (piece) => {
      font(line, piece.myanmar);
      const o = { ...options(piece.myanmar), continued: !piece.last, lineBreak: false };
      if (first) doc.text(piece.drawn, 2 * pad + qrSize, y, o);
      else doc.text(piece.drawn, o);
      first = false;
    });
    y += lineHeight(line);
  }
  doc.end();
  return { bytes: await done, width, height };
}

export async function stampPdf(
  original: Uint8Array,
  stamp: { referenceNumber: string; approvedAt: Date; verifyUrl: string },
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(original, { updateMetadata: false });
  const drawn = await stampPage(stamp);
  const [embedded] = await doc.embedPdf(drawn.bytes, [0]);
  for (const page of doc.getPages()) {
    const { x: left, y: bottom, width } = page.getCropBox();
    // The stamp's size follows the page (an A4 sheet and an A0 drawing both get a legible one).
    const scale = Math.min(2.5, Math.max(0.8, width / 600));
    const w = drawn.width * scale;
    page.drawPage(embedded!, {
      x: left + width - w - 12 * scale,
      y: bottom + 12 * scale,
      width: w,
      height: drawn.height * scale,
    });
  }
  return doc.save({ useObjectStreams: false });
}
