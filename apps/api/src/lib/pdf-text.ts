import { PRODUCT, type Locale } from '@hpbc/shared';
import { scriptRuns } from './script-runs';

/**
 * What every PDF the portal makes shares (issue 29, decision 083), whatever draws it:
 *
 * - the document's metadata: title shown in the viewer's title bar (DisplayDocTitle), its
 *   language (`/Lang`), an XMP stream (PDF 1.7), and the PDF/UA identification;
 * - tags: a `Document` structure with one element per block of text (`P`, `H1`, ...), and
 *   page furniture (rules, running headers, page numbers) as artifacts, so a screen reader
 *   reads the content in order and skips the furniture;
 * - Burmese drawn in visual order (pdfkit's font engine has no Myanmar shaper, see
 *   `visualMyanmar` and `db/seed/pdf-myanmar.ts`) inside marked-content spans whose
 *   `ActualText` is the text as typed, so that pdftotext, copy-and-paste, search and screen
 *   readers get the same Unicode the page shows; each span also says its language.
 *
 * A new PDF maker (approved stamps, signboards, certificates) builds its document with
 * `portalPdfOptions`, opens a `PdfTags` for it, and draws its text through `drawText`.
 */

/** The features Myanmar shaping needs, applied by fontkit's default shaper. */
export const MYANMAR_FEATURES = [
  'ccmp',
  'locl',
  'rlig',
  'pref',
  'blwf',
  'pstf',
  'pres',
  'abvs',
  'blws',
  'psts',
  'calt',
  'liga',
  'kern',
  'mark',
  'mkmk',
  'abvm',
  'blwm',
  'dist',
];

/** BCP 47 tags of the portal's languages, as PDF `/Lang` values. */
export const PDF_LANG: Record<Locale, string> = { en: 'en', my: 'my' };

export interface PdfMeta {
  title: string;
  locale: Locale;
  subject?: string;
  creationDate?: Date;
}

/**
 * The bytes pdfkit writes for `doc`, whole once `doc.end()` has been called: every PDF the
 * portal, its seed and its tests make with pdfkit is collected this way.
 */
export function pdfkitBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** The options of `new PDFDocument(...)` for a portal PDF; `extra` adds size, margins and the like. */
export function portalPdfOptions(meta: PdfMeta, extra: PDFKit.PDFDocumentOptions = {}): PDFKit.PDFDocumentOptions {
  return {
    ...extra,
    pdfVersion: '1.7',
    tagged: true,
    // pdfkit 0.20 knows 'PDF/UA' (the pdfuaid part in XMP); its type list predates it.
    subset: 'PDF/UA' as unknown as PDFKit.Mixins.PDFSubsets,
    lang: PDF_LANG[meta.locale],
    displayTitle: true,
    info: {
      Title: meta.title,
      Author: PRODUCT.full[meta.locale],
      ...(meta.subject ? { Subject: meta.subject } : {}),
      Creator: `${PRODUCT.short} portal`,
      ...(meta.creationDate ? { CreationDate: meta.creationDate } : {}),
    },
  };
}

/**
 * Moves the pre-base vowel sign E (U+1031) and the medial RA (U+103C), which are typed after
 * their consonant but drawn before it, in front of their consonant (and its stacked consonant).
 */
export function visualMyanmar(text: string): string {
  const consonant = '[\u1000-\u1021\u103F\u104E](?:\u1039[\u1000-\u1021])?';
  return text
    .replace(new RegExp(`(${consonant})([\u103B-\u103E]*)\u1031`, 'g'), '\u1031$1$2')
    .replace(new RegExp(`(${consonant})\u103C`, 'g'), '\u103C$1');
}

/**
 * The pieces a run of text is drawn in: words with the spaces after them. pdfkit wraps lines
 * only at spaces in Burmese, so a piece never spans two lines, and its span's ActualText
 * stands exactly where its glyphs are.
 */
export function wrapPieces(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

const MYANMAR_OR_NOT = /[\u1000-\u109F\uA9E0-\uA9FF\uAA60-\uAA7F]+|[^\u1000-\u109F\uA9E0-\uA9FF\uAA60-\uAA7F]+/gu;
const MYANMAR_ONLY = /^[\u1000-\u109F\uA9E0-\uA9FF\uAA60-\uAA7F]+$/u;

type StructElement = PDFKit.PDFStructureElement;

/** Block roles of the structure tree (ISO 32000-1, 14.8.4). */
export type BlockRole = 'P' | 'H1' | 'H2' | 'H3' | 'Lbl' | 'Caption';

/** The tag structure of one PDF: blocks in reading order under one `Document` element. */
export class PdfTags {
  private readonly root: StructElement;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    readonly locale: Locale,
  ) {
    this.root = doc.struct('Document');
    doc.addStructure(this.root);
  }

  /** Content in reading order: `draw` runs inside a structure element of the role. */
  block(role: BlockRole, draw: () => void): void {
    const element = this.doc.struct(role);
    this.root.add(element);
    element.add(this.doc.markStructureContent(role));
    draw();
    this.doc.endMarkedContent();
    element.end();
  }

  /** An image with its text alternative. */
  figure(alt: string, draw: () => void): void {
    const element = this.doc.struct('Figure', { alt });
    this.root.add(element);
    element.add(this.doc.markStructureContent('Figure'));
    draw();
    this.doc.endMarkedContent();
    element.end();
  }

  /** Page furniture (rules, bands, running headers and footers): not read out. */
  artifact(draw: () => void): void {
    this.doc.markContent('Artifact', { type: 'Pagination' });
    draw();
    this.doc.endMarkedContent();
  }

  /** Call once, before `doc.end()`. */
  end(): void {
    this.root.end();
  }
}

export interface TextPiece {
  /** What to draw: Burmese already in visual order. */
  drawn: string;
  /** The text as typed (what extraction must give back). */
  text: string;
  myanmar: boolean;
  /** The last piece of the text (pdfkit's `continued: false`). */
  last: boolean;
}

/** A PDF text string in UTF-16BE with its byte-order mark, as a hex string. */
function pdfTextString(text: string): string {
  const bytes = Buffer.from(text, 'utf16le').swap16();
  return `<FEFF${bytes.toString('hex').toUpperCase()}>`;
}

/**
 * Runs `draw` (one `doc.text` call) with a `Span` marked-content sequence around the glyphs of
 * its first text object, *inside* BT ... ET. pdfkit draws text under its own flipped matrix
 * between q and Q; a span opened outside that (`doc.markContent`) ends under the page's
 * matrix, and poppler then puts the ActualText upside down on the page (words of one line
 * landed on different lines). Inside the text object both ends share the text's matrix.
 */
function spanInsideText(doc: PDFKit.PDFDocument, properties: string, draw: () => void): void {
  const target = doc as unknown as { addContent(data: string): unknown };
  const original = target.addContent;
  const span = { state: 'before' as 'before' | 'open' | 'closed' };
  target.addContent = function (this: unknown, data: string) {
    if (data === 'ET' && span.state === 'open') {
      original.call(this, 'EMC');
      span.state = 'closed';
    }
    const result = original.call(this, data);
    if (data === 'BT' && span.state === 'before') {
      original.call(this, `/Span ${properties} BDC`);
      span.state = 'open';
    }
    return result;
  };
  try {
    draw();
  } finally {
    target.addContent = original;
    // A text object left open cannot happen with pdfkit; close the span rather than corrupt the page.
    if (span.state === 'open') original.call(doc, 'EMC');
  }
}

/**
 * Draws Burmese with `draw` (one `doc.text` call that fits on its line, in whatever way the
 * maker shapes it) so that extraction gives `typed` back: for makers that shape Burmese
 * themselves, such as the library volumes (`db/seed/pdf-myanmar.ts`).
 */
export function burmeseSpan(doc: PDFKit.PDFDocument, typed: string, draw: () => void): void {
  spanInsideText(doc, `<< /Lang (${PDF_LANG.my}) /ActualText ${pdfTextString(typed)} >>`, draw);
}

/**
 * Draws text of either script through `draw`, one piece at a time, each Burmese piece in a
 * span with its language and its typed text as ActualText, and each piece in the other
 * language than the document's marked with its language (PDF/UA 7.2: changes of language).
 * `draw` chooses the font and calls `doc.text(piece.drawn, { continued: !piece.last, ... })`
 * once (or once per font, when the piece needs several).
 */
export function drawText(
  doc: PDFKit.PDFDocument,
  locale: Locale,
  text: string,
  draw: (piece: TextPiece) => void,
): void {
  // Burmese runs go in words (a span never wraps), each word in its Burmese letters and the
  // rest (brackets, colons, spaces), so one span is always one `doc.text` call in one font.
  const pieces = scriptRuns(text).flatMap((run) =>
    run.myanmar
      ? wrapPieces(run.text).flatMap((word) =>
          (word.match(MYANMAR_OR_NOT) ?? []).map((part) => ({ text: part, myanmar: MYANMAR_ONLY.test(part) })),
        )
      : [{ text: run.text, myanmar: false }],
  );
  pieces.forEach((piece, i) => {
    const last = i === pieces.length - 1;
    if (piece.myanmar) {
      // Always ActualText: even without reordering, the font's ligatures (stacked consonants,
      // kinzi) map back to no or the wrong characters.
      burmeseSpan(doc, piece.text, () =>
        draw({ drawn: visualMyanmar(piece.text), text: piece.text, myanmar: true, last }),
      );
    } else if (locale !== 'en' && /[A-Za-z]/.test(piece.text)) {
      // A language change needs no position: an ordinary span, even across several fonts.
      doc.markContent('Span', { lang: PDF_LANG.en });
      draw({ drawn: piece.text, text: piece.text, myanmar: false, last });
      doc.endMarkedContent();
    } else {
      draw({ drawn: piece.text, text: piece.text, myanmar: false, last });
    }
  });
}
