import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import { PRODUCT } from '@hpbc/shared';

/**
 * The approved copy of a design document (docs/api.md, decision 071): every page of a copy
 * stamped with the committee's name, the reference number, the date of approval and a QR
 * code of the verification page. The original bytes are kept unchanged beside it. The
 * stamp is in English and digits (Helvetica), so pdftotext extracts it as written.
 */
export async function stampPdf(
  original: Uint8Array,
  stamp: { referenceNumber: string; approvedAt: Date; verifyUrl: string },
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(original, { updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const qr = await doc.embedPng(
    await QRCode.toBuffer(stamp.verifyUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 }),
  );
  const date = stamp.approvedAt.toISOString().slice(0, 10);
  const lines = [
    { text: `APPROVED - ${PRODUCT.short}`, font: bold, size: 9 },
    { text: PRODUCT.full.en, font, size: 6.5 },
    { text: `Reference: ${stamp.referenceNumber}`, font, size: 7.5 },
    { text: `Date: ${date}`, font, size: 7.5 },
    { text: `Verify: ${stamp.verifyUrl}`, font, size: 6 },
  ];
  for (const page of doc.getPages()) {
    const { x: left, y: bottom, width } = page.getCropBox();
    // The stamp's size follows the page (an A4 sheet and an A0 drawing both get a legible one).
    const scale = Math.min(2.5, Math.max(0.8, width / 600));
    const qrSize = 64 * scale;
    const textWidth = Math.max(...lines.map((l) => l.font.widthOfTextAtSize(l.text, l.size * scale)));
    const pad = 6 * scale;
    const boxW = qrSize + textWidth + 3 * pad;
    const boxH = qrSize + 2 * pad;
    const x = left + width - boxW - 12 * scale;
    const y = bottom + 12 * scale;
    page.drawRectangle({
      x,
      y,
      width: boxW,
      height: boxH,
      color: rgb(1, 1, 1),
      borderColor: rgb(0.05, 0.35, 0.2),
      borderWidth: 1.5 * scale,
    });
    page.drawImage(qr, { x: x + pad, y: y + pad, width: qrSize, height: qrSize });
    let lineY = y + boxH - pad;
    for (const l of lines) {
      lineY -= l.size * scale * 1.35;
      page.drawText(l.text, {
        x: x + 2 * pad + qrSize,
        y: lineY,
        size: l.size * scale,
        font: l.font,
        color: rgb(0.05, 0.25, 0.15),
      });
    }
  }
  return doc.save({ useObjectStreams: false });
}
