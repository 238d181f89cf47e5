import { PRODUCT, toMyanmarDigits } from '@hpbc/shared';
import type { BlockRole, PdfTags } from '../../lib/pdf-text';
import { drawRuns, lineGapFor, openPortalPdf, withoutEmoji } from '../registrations/registrations.pdf';

/**
 * The site signboard of an approved project (issue 27, item 6; decision 089): one A3 page,
 * portrait, to be printed and fixed at the site. It is read by passers-by, so it speaks
 * Burmese first with English beneath, in large type, and carries a QR code to the project's
 * public page, where anyone can check the approval and tell the committee about a concern.
 * Built like every portal PDF (decision 083): tagged, Burmese through `drawText`.
 */
export interface SignboardInput {
  referenceNumber: string;
  projectName: string;
  owner: string;
  location: string;
  approvedOn: Date;
  contact: { address: { en: string; my: string }; email: string; phone: string };
  verifyUrl: string;
  qrPng: Buffer;
}

export const BOARD_COLORS = { ink: '#0f172a', muted: '#334155', band: '#1e3a8a', paper: '#ffffff', rule: '#94a3b8' };

/** A board's QR code as qrcode draws it (`QRCode.toBuffer(url, BOARD_QR)`): large, to be scanned across a site. */
export const BOARD_QR = { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 10 } as const;

/**
 * What a board (the signboard, the completion certificate) prints of an approved registration
 * besides its dates: the reference number and, from Form One, the project's name, its owner
 * (the account's name where the form names none) and its location.
 */
export function boardFacts(referenceNumber: string, data: Record<string, unknown>, accountName: string) {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    referenceNumber,
    projectName: text(data.project_name),
    owner: text(data.project_owner) || accountName,
    location: text(data.project_location),
  };
}

/** Options of one block of text a board or certificate writes. */
export interface BoardText {
  x?: number;
  y: number;
  width?: number;
  size: number;
  bold?: boolean;
  color?: string;
  role?: BlockRole;
}

/**
 * Writes blocks of mixed Burmese and English text, each tagged, Burmese through `drawText`
 * (decision 083): shared by the signboard and the completion certificate (issue 30).
 */
export function boardWriter(doc: PDFKit.PDFDocument, tags: PdfTags, width: number) {
  const left = doc.page.margins.left;
  return function write(text: string, o: BoardText) {
    const typed = withoutEmoji(text) || ' ';
    doc.fillColor(o.color ?? BOARD_COLORS.ink).fontSize(o.size);
    tags.block(o.role ?? 'P', () =>
      drawRuns(doc, 'my', typed, {
        x: o.x ?? left,
        y: o.y,
        width: o.width ?? width,
        bold: o.bold,
        lineGap: lineGapFor(text, o.size),
      }),
    );
  };
}

/**
 * Opens a board-like page, the signboard or the completion certificate (issue 30): a portal PDF
 * in Burmese titled "<title in Burmese> / <in English> — <reference>", with the committee's band
 * across the top (a filled artifact, its name kept as text: who approved), and the writer of its
 * text blocks. `band` sets the band's height, where its two lines start and their sizes.
 */
export function openBoard(o: {
  title: { my: string; en: string };
  referenceNumber: string;
  projectName: string;
  date: Date;
  size: 'A3' | 'A4';
  band: { height: number; y: number; size: number; enGap: number; enSize: number };
}) {
  const page = openPortalPdf(
    {
      title: `${o.title.my} / ${o.title.en} — ${o.referenceNumber}`,
      locale: 'my',
      subject: o.projectName,
      creationDate: o.date,
    },
    { size: o.size, margins: { top: 48, bottom: 48, left: 56, right: 56 } },
  );
  const { doc, tags, width } = page;
  const write = boardWriter(doc, tags, width);
  tags.artifact(() => doc.rect(0, 0, doc.page.width, o.band.height).fill(BOARD_COLORS.band));
  write(`${PRODUCT.short} · ${PRODUCT.full.my}`, {
    y: o.band.y,
    size: o.band.size,
    bold: true,
    color: BOARD_COLORS.paper,
  });
  write(PRODUCT.full.en, { y: doc.y + o.band.enGap, size: o.band.enSize, color: BOARD_COLORS.paper });
  return { ...page, write };
}

/** A date as the board prints it: 25 November 2026 / ၂၀၂၆ နိုဝင်ဘာ ၂၅. */
export function boardDate(at: Date): { en: string; my: string } {
  const yangon = new Date(at.getTime() + 390 * 60_000);
  const en = yangon.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const MONTHS_MY = [
    'ဇန်နဝါရီ',
    'ဖေဖော်ဝါရီ',
    'မတ်',
    'ဧပြီ',
    'မေ',
    'ဇွန်',
    'ဇူလိုင်',
    'ဩဂုတ်',
    'စက်တင်ဘာ',
    'အောက်တိုဘာ',
    'နိုဝင်ဘာ',
    'ဒီဇင်ဘာ',
  ];
  const my = `${toMyanmarDigits(yangon.getUTCFullYear())} ${MONTHS_MY[yangon.getUTCMonth()]} ${toMyanmarDigits(yangon.getUTCDate())}`;
  return { en, my };
}

export const SIGNBOARD_TEXT = {
  title: { my: 'အတည်ပြုပြီး အဆောက်အအုံ စီမံကိန်း', en: 'Approved building project' },
  project: { my: 'စီမံကိန်းအမည်', en: 'Project' },
  reference: { my: 'ရည်ညွှန်းအမှတ်', en: 'Reference number' },
  owner: { my: 'စီမံကိန်း ပိုင်ရှင်', en: 'Project owner' },
  location: { my: 'စီမံကိန်း တည်နေရာ', en: 'Location' },
  approved: { my: 'အတည်ပြုသည့် ရက်စွဲ', en: 'Approved on' },
  contact: { my: 'ကော်မတီကို ဆက်သွယ်ရန်', en: 'Contact the committee' },
  scan: {
    my: 'ဤစီမံကိန်း၏ အတည်ပြုချက်ကို စစ်ဆေးရန် သို့မဟုတ် လုပ်ငန်းခွင်နှင့် ပတ်သက်သော စိုးရိမ်ချက်ကို ကော်မတီထံ ပေးပို့ရန် ကုဒ်ကို စကင်ဖတ်ပါ။',
    en: 'Scan the code to check this approval, or to tell the committee about a concern on this site.',
  },
} as const;

export function renderSignboardPdf(input: SignboardInput): Promise<Buffer> {
  const { doc, tags, finish, left, width, write, ruleAt } = openBoard({
    title: SIGNBOARD_TEXT.title,
    referenceNumber: input.referenceNumber,
    projectName: input.projectName,
    date: input.approvedOn,
    size: 'A3',
    band: { height: 150, y: 36, size: 20, enGap: 6, enSize: 16 },
  });

  write(SIGNBOARD_TEXT.title.my, { y: 186, size: 40, bold: true, role: 'H1' });
  write(SIGNBOARD_TEXT.title.en, { y: doc.y + 4, size: 26, color: BOARD_COLORS.muted });

  const approved = boardDate(input.approvedOn);
  const rows: [keyof typeof SIGNBOARD_TEXT, string, number][] = [
    ['project', input.projectName, 28],
    ['reference', input.referenceNumber, 28],
    ['owner', input.owner, 22],
    ['location', input.location, 18],
    ['approved', `${approved.my} / ${approved.en}`, 20],
  ];
  let y = doc.y + 28;
  for (const [key, value, size] of rows) {
    const label = SIGNBOARD_TEXT[key] as { my: string; en: string };
    write(`${label.my} / ${label.en}`, { y, size: 13, color: BOARD_COLORS.muted, role: 'H2' });
    write(value.replace(/,?\s*\r?\n\s*/g, ', '), { y: doc.y + 2, size, bold: key !== 'location' });
    y = doc.y + 16;
  }

  // The QR code and what it is for.
  // The QR code takes the room left above the contact block (at most 300 pt, at least 160 pt:
  // a long project name or location wraps onto more lines), so the board stays one page.
  const contactHeight = 170;
  const room = doc.page.height - doc.page.margins.bottom - contactHeight - 24 - (y + 8);
  const qr = Math.max(160, Math.min(300, room));
  const qrTop = Math.max(y + 8, doc.page.height - doc.page.margins.bottom - contactHeight - 24 - qr);
  tags.figure(`${SIGNBOARD_TEXT.scan.en} ${input.verifyUrl}`, () =>
    doc.image(input.qrPng, left, qrTop, { width: qr, height: qr }),
  );
  const textX = left + qr + 24;
  const textW = width - qr - 24;
  write(SIGNBOARD_TEXT.scan.my, { x: textX, y: qrTop + 8, width: textW, size: 16, bold: true });
  write(SIGNBOARD_TEXT.scan.en, { x: textX, y: doc.y + 8, width: textW, size: 14, color: BOARD_COLORS.muted });
  write(input.verifyUrl, { x: textX, y: doc.y + 10, width: textW, size: 13 });

  // The committee's contact.
  const contactTop = qrTop + qr + 24;
  ruleAt(contactTop, 1, BOARD_COLORS.rule);
  write(`${SIGNBOARD_TEXT.contact.my} / ${SIGNBOARD_TEXT.contact.en}`, {
    y: contactTop + 14,
    size: 15,
    bold: true,
    role: 'H2',
  });
  write(input.contact.address.my, { y: doc.y + 4, size: 13 });
  write(input.contact.address.en, { y: doc.y + 2, size: 12, color: BOARD_COLORS.muted });
  write(`${input.contact.phone} · ${input.contact.email}`, { y: doc.y + 4, size: 13 });

  return finish();
}
