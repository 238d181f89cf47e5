import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { PRODUCT, toMyanmarDigits, type Locale } from '@hpbc/shared';
import {
  FORM_ONE_STEP_COUNT,
  FORM_ONE_STEPS,
  registrationStatusLabel,
  type FormOneData,
  type FormOneField,
} from '@hpbc/shared/form-one';
import {
  drawText,
  MYANMAR_FEATURES,
  pdfkitBytes,
  portalPdfOptions,
  PdfTags,
  visualMyanmar,
  type BlockRole,
  type PdfMeta,
} from '../../lib/pdf-text';
import { formatWhen } from './registrations.format';
import { DISCIPLINE_TITLES, type Discipline } from '@hpbc/shared/counterpart-review';

/**
 * Form One as a PDF the committee can file and print. Burmese needs a Myanmar font and
 * shaping; pdfkit's shaper (fontkit) has no Myanmar engine, so text is split into runs
 * per script and Myanmar runs are put in visual order (see visualMyanmar) before the
 * font's own substitutions (stacked consonants, medials) are applied. Tagging, metadata
 * and the ActualText that gives extraction the typed Burmese back: `lib/pdf-text.ts`.
 */

/**
 * The faces a character may be drawn in, tried in this order: Noto Sans Myanmar's Latin
 * subsets first (the same metrics as its Myanmar subset, so runs share a baseline), then
 * Noto Sans (Latin, extended Latin and Greek: ², ³, ±, µ, ½, Ω), then Noto Sans Math
 * (arrows, ≤ ≥ ≠ ≈ √ ∞) and Noto Sans Symbols 2 (✓ ✔ ✗ ★ ■ ●). Math and symbols have no
 * bold face; their regular one is used in bold text too.
 */
const FACES = ['lat', 'ext', 'sans', 'sansExt', 'greek', 'math', 'sym'] as const;
type Face = 'mm' | (typeof FACES)[number];
export type FontKey = Face | `${Face}Bold`;

const FONT_FILES: Record<Face, { pkg: string; file: (weight: number) => string; bold: boolean }> = {
  mm: { pkg: 'noto-sans-myanmar', file: (w) => `noto-sans-myanmar-myanmar-${w}-normal.woff`, bold: true },
  lat: { pkg: 'noto-sans-myanmar', file: (w) => `noto-sans-myanmar-latin-${w}-normal.woff`, bold: true },
  ext: { pkg: 'noto-sans-myanmar', file: (w) => `noto-sans-myanmar-latin-ext-${w}-normal.woff`, bold: true },
  sans: { pkg: 'noto-sans', file: (w) => `noto-sans-latin-${w}-normal.woff`, bold: true },
  sansExt: { pkg: 'noto-sans', file: (w) => `noto-sans-latin-ext-${w}-normal.woff`, bold: true },
  greek: { pkg: 'noto-sans', file: (w) => `noto-sans-greek-${w}-normal.woff`, bold: true },
  math: { pkg: 'noto-sans-math', file: () => 'noto-sans-math-latin-400-normal.woff', bold: false },
  sym: { pkg: 'noto-sans-symbols-2', file: () => 'noto-sans-symbols-2-symbols-400-normal.woff', bold: false },
};

let fontCache: Record<FontKey, Buffer> | undefined;
/** The faces as font files, loaded once (the signboard registers them too). */
export function fonts(): Record<FontKey, Buffer> {
  if (fontCache) return fontCache;
  const require = createRequire(import.meta.url);
  const read = (face: Face, weight: number) => {
    const { pkg, file } = FONT_FILES[face];
    const dir = path.join(path.dirname(require.resolve(`@fontsource/${pkg}/package.json`)), 'files');
    return readFileSync(path.join(dir, file(weight)));
  };
  const cache = {} as Record<FontKey, Buffer>;
  for (const face of Object.keys(FONT_FILES) as Face[]) {
    cache[face] = read(face, 400);
    cache[`${face}Bold`] = FONT_FILES[face].bold ? read(face, 700) : cache[face];
  }
  fontCache = cache;
  return cache;
}

/**
 * A new portal PDF (decision 083; "A PDF the portal makes" in docs/architecture.md): pdfkit
 * with the portal's options, the fonts registered, its structure tags, its text area,
 * `ruleAt(y, weight, color)` for a line across the text area (an artifact: screen readers and
 * text extraction pass over it), and `finish()`, which closes the structure tree before the
 * document (the order pdfkit needs) and gives the PDF's bytes.
 */
export function openPortalPdf(meta: PdfMeta, layout: PDFKit.PDFDocumentOptions) {
  const doc = new PDFDocument(portalPdfOptions(meta, layout));
  const bytes = pdfkitBytes(doc);
  const f = fonts();
  for (const key of Object.keys(f) as FontKey[]) doc.registerFont(key, f[key]);
  const tags = new PdfTags(doc, meta.locale);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const finish = (): Promise<Buffer> => {
    tags.end();
    doc.end();
    return bytes;
  };
  const ruleAt = (y: number, weight: number, color: string) =>
    tags.artifact(() =>
      doc
        .moveTo(left, y)
        .lineTo(left + width, y)
        .lineWidth(weight)
        .strokeColor(color)
        .stroke(),
    );
  return { doc, tags, finish, left, width, ruleAt, bottom: () => doc.page.height - doc.page.margins.bottom };
}

let glyphCheck: ((cp: number) => Face | undefined) | undefined;
/** The first face that has a glyph for the character, if any does. */
function faceFor(cp: number): Face | undefined {
  if (!glyphCheck) {
    const f = fonts();
    const loaded = FACES.map((face) => [face, fontkit.create(f[face]) as fontkit.Font] as const);
    const known = new Map<number, Face | undefined>();
    glyphCheck = (c) => {
      if (!known.has(c)) known.set(c, loaded.find(([, font]) => font.hasGlyphForCodePoint(c))?.[0]);
      return known.get(c);
    };
  }
  return glyphCheck(cp);
}

const MYANMAR = /[\u1000-\u109F\uA9E0-\uA9FF\uAA60-\uAA7F]/;
const isMyanmar = (ch: string) => MYANMAR.test(ch);

interface Run {
  script: Face;
  text: string;
}

/**
 * Emoji (pictographs, their modifiers, joiners, variation selectors, flags and keycaps):
 * none of the PDF's fonts has them, so they would print as empty boxes. Symbols the Latin
 * font has (©, ®, ™) are kept.
 */
const EMOJI =
  /\p{Extended_Pictographic}|\p{Emoji_Modifier}|[\u{1F1E6}-\u{1F1FF}]|[\u{E0020}-\u{E007F}]|\uFE0E|\uFE0F|\u200D|\u20E3/gu;

/** The text without emoji, and without the double spaces their removal leaves ("Tower 🏢 A" → "Tower A"). */
export function withoutEmoji(text: string): string {
  let removed = false;
  const kept = text.replace(EMOJI, (ch) => {
    if (ch === '\u00A9' || ch === '\u00AE' || ch === '\u2122') return ch;
    removed = true;
    return '';
  });
  return removed
    ? kept
        .replace(/[ \t]{2,}/g, ' ')
        .replace(/[ \t]+$/gm, '')
        .replace(/^[ \t]+/gm, '')
    : kept;
}

/** A character no face has, spelt with ones they have where Unicode allows (℃ → °C, № → No, ㎡ → m2). */
function spelt(ch: string): string {
  const compat = ch.normalize('NFKC');
  return compat !== ch && [...compat].every((c) => faceFor(c.codePointAt(0)!)) ? compat : ch;
}

/** The text cut into runs of one face each; a character no face has stays in the Latin face. */
export function scriptRuns(text: string): Run[] {
  const runs: Run[] = [];
  for (const original of withoutEmoji(text)) {
    const cp = original.codePointAt(0)!;
    const chars = isMyanmar(original) || original === '\n' || faceFor(cp) ? [original] : [...spelt(original)];
    for (const ch of chars) {
      // Spaces and line breaks join the run they are in, so a line stays one run where it can.
      const last = runs[runs.length - 1];
      const script: Face = isMyanmar(ch)
        ? 'mm'
        : /\s/.test(ch) && last && last.script !== 'mm'
          ? last.script
          : (faceFor(ch.codePointAt(0)!) ?? 'lat');
      if (last && last.script === script) last.text += ch;
      else runs.push({ script, text: ch });
    }
  }
  return runs;
}

/**
 * The family's line box is 2.18 em (room for Burmese stacks above and below); Latin-only
 * lines are drawn tighter so a form of 180 answers stays a few pages long.
 */
export function lineGapFor(text: string, size: number): number {
  return MYANMAR.test(text) ? -0.35 * size : -0.9 * size;
}

/**
 * Draws text made ready for the page (`typed`) through `drawText` (decision 083): each run in
 * its own face, bold when asked, Burmese with its shaping features; the first run at (x, y)
 * when both are given, the rest where the flow goes on. The one loop of every portal PDF's
 * writer (this form, the signboard and certificate, the inspection report).
 */
export function drawRuns(
  doc: PDFKit.PDFDocument,
  locale: Locale,
  typed: string,
  o: { x?: number; y?: number; width: number; bold?: boolean; lineGap: number; align?: 'left' | 'right' },
): void {
  let first = true;
  drawText(doc, locale, typed, (piece) => {
    const runs = scriptRuns(piece.drawn);
    runs.forEach((run, i) => {
      const options = {
        width: o.width,
        continued: !(piece.last && i === runs.length - 1),
        ...(o.align ? { align: o.align } : {}),
        lineGap: o.lineGap,
        ...(run.script === 'mm' ? { features: MYANMAR_FEATURES as never } : {}),
      };
      doc.font((run.script + (o.bold ? 'Bold' : '')) as FontKey);
      if (first && o.x !== undefined && o.y !== undefined) doc.text(run.text, o.x, o.y, options);
      else doc.text(run.text, options);
      first = false;
    });
  });
}

const COLORS = { ink: '#0f172a', muted: '#475569', rule: '#cbd5e1', band: '#e0ecff', brand: '#1e3a8a' };

const TEXT = {
  en: {
    title: 'Form One — Project Registration',
    reference: 'Reference number',
    status: 'Status',
    submitted: 'Submitted',
    submittedBy: 'Submitted by',
    step: (n: number) => `Step ${n} of 7`,
    yes: 'Yes',
    no: 'No',
    empty: '—',
    history: 'Status history',
    verify: 'Verification',
    verifyText: 'Scan the code, or open this address, to check this copy against the committee’s record:',
    hash: 'Content hash (SHA-256 of the registration data as RFC 8785 canonical JSON):',
    rn: 'RN (registration number)',
    projectPage: 'Public project page (construction stages and inspections):',
    countersignatures: 'Countersignatures',
    countersignedBy: (name: string, date: string) => `${name} — ${date}`,
    noCountersignatures: 'No countersignature yet.',
    page: (n: number, total: number) => `Page ${n} of ${total}`,
  },
  my: {
    title: 'Form One — စီမံကိန်း မှတ်ပုံတင်မှု',
    reference: 'ရည်ညွှန်းအမှတ်',
    status: 'အခြေအနေ',
    submitted: 'တင်သွင်းသည့်အချိန်',
    submittedBy: 'တင်သွင်းသူ',
    step: (n: number) => `အဆင့် ${toMyanmarDigits(n)} / ${toMyanmarDigits(FORM_ONE_STEP_COUNT)}`,
    yes: 'အမှန်ခြစ်ထားသည်',
    no: 'အမှန်မခြစ်ထားပါ',
    empty: '—',
    history: 'အခြေအနေ မှတ်တမ်း',
    verify: 'စစ်ဆေးအတည်ပြုရန်',
    verifyText: 'ဤမိတ္တူကို ကော်မတီ၏ မှတ်တမ်းနှင့် တိုက်စစ်ရန် ကုဒ်ကို စကင်ဖတ်ပါ သို့မဟုတ် ဤလိပ်စာကို ဖွင့်ပါ -',
    hash: 'အကြောင်းအရာ၏ SHA-256 တန်ဖိုး (မှတ်ပုံတင်မှု အချက်အလက်ကို RFC 8785 စံ JSON အဖြစ် တွက်ချက်ထားသည်) -',
    rn: 'မှတ်ပုံတင်အမှတ် (RN)',
    projectPage: 'အများပြည်သူ စီမံကိန်း စာမျက်နှာ -',
    countersignatures: 'တွဲဖက်လက်မှတ်များ',
    countersignedBy: (name: string, date: string) => `${name} — ${date}`,
    noCountersignatures: 'တွဲဖက်လက်မှတ် မရှိသေးပါ။',
    page: (n: number, total: number) => `စာမျက်နှာ ${toMyanmarDigits(n)} / ${toMyanmarDigits(total)}`,
  },
} satisfies Record<Locale, unknown>;

export interface RegistrationPdfInput {
  referenceNumber: string;
  status: string;
  submittedAt: Date;
  owner: { name: string; email: string };
  data: FormOneData;
  history: { status: string; note: string | null; createdAt: Date }[];
  locale: Locale;
  /** The public verification address as a QR code (PNG) and the content hash, printed on page 1. */
  verification?: { url: string; contentSha256: string; qrPng: Buffer };
  /** Once approved: the RN (registration number) and the public project page's address (issue 28, item 8). */
  published?: { rnNumber: number; projectUrl: string };
  /** The counterparts' current countersignatures: discipline, name, when (issue 28, item 8). */
  countersignatures?: { discipline: Discipline; name: string; signedAt: Date }[];
}

export function renderRegistrationPdf(input: RegistrationPdfInput): Promise<Buffer> {
  const { locale } = input;
  const tx = TEXT[locale];
  const { doc, tags, finish, left, width, ruleAt, bottom } = openPortalPdf(
    {
      title: `${tx.title} ${input.referenceNumber}`,
      locale,
      subject: input.data.project_name ? String(input.data.project_name) : 'Form One',
      creationDate: input.submittedAt,
    },
    { size: 'A4', margins: { top: 72, bottom: 64, left: 50, right: 50 }, bufferPages: true },
  );

  /**
   * Writes mixed-script text as one tagged block (`role`; page furniture as an artifact); with
   * x/y it starts there, otherwise it continues the flow.
   */
  function write(
    text: string,
    opts: {
      x?: number;
      y?: number;
      width: number;
      size: number;
      bold?: boolean;
      color?: string;
      align?: 'left' | 'right';
      role?: BlockRole | 'Artifact';
    },
  ) {
    const typed = withoutEmoji(text.replace(/\r\n?/g, '\n'));
    doc.fillColor(opts.color ?? COLORS.ink).fontSize(opts.size);
    const draw = () =>
      drawRuns(doc, locale, typed || ' ', {
        x: opts.x,
        y: opts.y,
        width: opts.width,
        bold: opts.bold,
        align: opts.align ?? 'left',
        lineGap: lineGapFor(text, opts.size),
      });
    if (opts.role === 'Artifact') tags.artifact(draw);
    else tags.block(opts.role ?? 'P', draw);
  }

  function heightOf(text: string, w: number, size: number): number {
    doc.font('lat').fontSize(size);
    const h = doc.heightOfString(text || ' ', { width: w, lineGap: lineGapFor(text, size) });
    // Myanmar glyphs are measured with the Latin font; allow for wider words.
    return MYANMAR.test(text) ? h * 1.15 : h;
  }

  /** Width of a one-line, mixed-script text (pdfkit cannot right-align a run of fonts itself). */
  function widthOf(text: string, size: number, bold = false): number {
    return scriptRuns(text).reduce((sum, run) => {
      doc.font((run.script + (bold ? 'Bold' : '')) as FontKey).fontSize(size);
      const content = run.script === 'mm' ? visualMyanmar(run.text) : run.text;
      return sum + doc.widthOfString(content, run.script === 'mm' ? { features: MYANMAR_FEATURES as never } : {});
    }, 0);
  }

  /** Right-aligned on one line: only the running header and footer, so an artifact. */
  function writeRight(text: string, right: number, y: number, size: number, color: string, bold = false) {
    const w = widthOf(text, size, bold) + 1;
    write(text, { x: right - w, y, width: w + 20, size, color, bold, role: 'Artifact' });
  }

  function ensureSpace(h: number) {
    if (doc.y + h > bottom()) doc.addPage();
  }

  function rule(y: number) {
    ruleAt(y, 0.5, COLORS.rule);
  }

  /** Label beside value: for the title block and the history. */
  function row(label: string, value: string) {
    const labelW = 185;
    const gap = 12;
    const valueW = width - labelW - gap;
    const h = Math.max(heightOf(label, labelW, 9), heightOf(value, valueW, 10)) + 8;
    ensureSpace(h);
    const y = doc.y;
    write(label, { x: left, y, width: labelW, size: 9, color: COLORS.muted });
    const afterLabel = doc.y;
    write(value, { x: left + labelW + gap, y, width: valueW, size: 10 });
    const end = Math.max(afterLabel, doc.y) + 3;
    rule(end);
    doc.x = left;
    doc.y = end + 4;
  }

  /** Label above value, in cells side by side; statements and long text take the whole row. */
  function cells(items: { label: string; value: string; wide: boolean }[]) {
    const gap = 16;
    const half = (width - gap) / 2;
    const lines: (typeof items)[] = [];
    for (const item of items) {
      const last = lines[lines.length - 1];
      if (!item.wide && last && last.length === 1 && !last[0]!.wide) last.push(item);
      else lines.push([item]);
    }
    for (const line of lines) {
      const w = line.length === 1 && line[0]!.wide ? width : half;
      const h = Math.max(...line.map((c) => heightOf(c.label, w, 8.5) + heightOf(c.value, w, 10))) + 10;
      ensureSpace(h);
      const y = doc.y;
      let end = y;
      line.forEach((c, i) => {
        const x = left + i * (half + gap);
        write(c.label, { x, y, width: w, size: 8.5, color: COLORS.muted });
        write(c.value, { x, y: doc.y + 1, width: w, size: 10 });
        end = Math.max(end, doc.y);
      });
      rule(end + 3);
      doc.x = left;
      doc.y = end + 7;
    }
  }

  function valueOf(field: FormOneField): string {
    const v = input.data[field.name];
    if (field.kind === 'checkbox') return v === true ? tx.yes : tx.no;
    return typeof v === 'string' && v.trim() !== '' ? v : tx.empty;
  }

  // ---- Title block
  write(PRODUCT.full[locale], { x: left, y: doc.y, width, size: 10, color: COLORS.brand, bold: true });
  doc.moveDown(0.2);
  write(tx.title, { x: left, y: doc.y, width, size: 18, bold: true, role: 'H1' });
  doc.moveDown(0.6);
  row(tx.reference, input.referenceNumber);
  row(tx.status, registrationStatusLabel(input.status, locale));
  row(tx.submitted, formatWhen(input.submittedAt, locale));
  row(tx.submittedBy, `${input.owner.name} <${input.owner.email}>`);
  if (input.published) {
    row(tx.rn, locale === 'my' ? toMyanmarDigits(input.published.rnNumber) : String(input.published.rnNumber));
  }

  // ---- Verification: an inspector on site scans the code to check a printed copy.
  if (input.verification) {
    const v = input.verification;
    const size = 96;
    doc.moveDown(0.6);
    const top = doc.y;
    tags.figure(`${tx.verify}: ${v.url}`, () => doc.image(v.qrPng, left, top, { width: size, height: size }));
    const x = left + size + 12;
    const w = width - size - 12;
    write(tx.verify, { x, y: top, width: w, size: 10.5, bold: true, color: COLORS.brand, role: 'H2' });
    write(tx.verifyText, { x, y: doc.y + 2, width: w, size: 8.5, color: COLORS.muted });
    write(v.url, { x, y: doc.y + 1, width: w, size: 9 });
    write(tx.hash, { x, y: doc.y + 4, width: w, size: 8.5, color: COLORS.muted });
    write(v.contentSha256, { x, y: doc.y + 1, width: w, size: 8 });
    // /verify, the public project page and this PDF lead to each other (issue 28, item 8).
    if (input.published) {
      write(tx.projectPage, { x, y: doc.y + 4, width: w, size: 8.5, color: COLORS.muted });
      write(input.published.projectUrl, { x, y: doc.y + 1, width: w, size: 9 });
    }
    doc.x = left;
    doc.y = Math.max(doc.y, top + size) + 4;
  }

  // ---- Countersignatures: who countersigned which discipline, and when.
  if (input.countersignatures) {
    doc.moveDown(0.6);
    write(tx.countersignatures, { x: left, y: doc.y, width, size: 12, bold: true, color: COLORS.brand, role: 'H2' });
    doc.x = left;
    doc.y += 6;
    if (input.countersignatures.length === 0) row('—', tx.noCountersignatures);
    for (const c of input.countersignatures) {
      row(DISCIPLINE_TITLES[c.discipline][locale], tx.countersignedBy(c.name, formatWhen(c.signedAt, locale)));
    }
  }

  // ---- The seven steps
  for (const step of FORM_ONE_STEPS) {
    ensureSpace(80);
    doc.moveDown(0.8);
    const bandY = doc.y;
    const title = `${tx.step(step.number)} · ${step.title[locale]}`;
    const bandH = heightOf(title, width - 16, 12) + 10;
    tags.artifact(() => doc.rect(left, bandY, width, bandH).fill(COLORS.band));
    write(title, {
      x: left + 8,
      y: bandY + 5,
      width: width - 16,
      size: 12,
      bold: true,
      color: COLORS.brand,
      role: 'H2',
    });
    doc.x = left;
    doc.y = bandY + bandH + 8;
    for (const group of step.groups) {
      const number = group.number && (locale === 'my' ? toMyanmarDigits(group.number) : String(group.number));
      const heading = number ? `(${number}) ${group.title[locale]}` : group.title[locale];
      ensureSpace(heightOf(heading, width, 10.5) + 40);
      write(heading, { x: left, y: doc.y + 4, width, size: 10.5, bold: true, role: 'H3' });
      doc.x = left;
      doc.y += 4;
      cells(
        group.fields.map((field) => ({
          label: field.label[locale],
          value: valueOf(field),
          wide: field.kind === 'checkbox' || field.kind === 'textarea',
        })),
      );
    }
  }

  // ---- Status history
  if (input.history.length > 0) {
    ensureSpace(80);
    doc.moveDown(0.8);
    write(tx.history, { x: left, y: doc.y, width, size: 12, bold: true, color: COLORS.brand, role: 'H2' });
    doc.x = left;
    doc.y += 6;
    for (const h of input.history) {
      const status = registrationStatusLabel(h.status, locale);
      row(formatWhen(h.createdAt, locale), h.note ? `${status} — ${h.note}` : status);
    }
  }

  // ---- Header and footer on every page: the reference number travels with each sheet.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const saved = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const furniture = { width: width / 2, size: 8.5, color: COLORS.muted, role: 'Artifact' } as const;
    write(`${PRODUCT.short} · Form One`, { ...furniture, x: left, y: 32 });
    writeRight(input.referenceNumber, left + width, 32, 8.5, COLORS.ink, true);
    rule(48);
    const footerY = doc.page.height - 42;
    write(input.referenceNumber, { ...furniture, x: left, y: footerY });
    writeRight(tx.page(i - range.start + 1, range.count), left + width, footerY, 8.5, COLORS.muted);
    doc.page.margins.bottom = saved;
  }

  return finish();
}
