import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { woffToSfnt } from './pdf-myanmar';

const BOLD_LATIN_FILE = createRequire(import.meta.url).resolve(
  '@fontsource/noto-sans-myanmar/files/noto-sans-myanmar-latin-700-normal.woff',
);

interface Outline {
  text: string;
  /** SVG path data in font units, y pointing up. */
  path: string;
  width: number;
  capHeight: number;
}

interface FontkitGlyphRun {
  glyphs: { path: { translate(x: number, y: number): { toSVG(): string } } }[];
  positions: { xAdvance: number }[];
}
interface FontkitFont {
  layout(text: string): FontkitGlyphRun;
  capHeight: number;
}

let cached: Outline | undefined;

/** Outlines of the text, read through pdfkit's font engine from a scratch document. */
function outline(text: string): Outline {
  if (cached?.text === text) return cached;
  // A scratch document, so the documents we write keep the same font numbering.
  const scratch = new PDFDocument({ autoFirstPage: false });
  scratch.font(woffToSfnt(readFileSync(BOLD_LATIN_FILE)));
  const font = (scratch as unknown as { _font: { font: FontkitFont } })._font.font;
  const run = font.layout(text);
  let x = 0;
  const parts: string[] = [];
  run.glyphs.forEach((glyph, i) => {
    parts.push(glyph.path.translate(x, 0).toSVG());
    x += run.positions[i]!.xAdvance;
  });
  cached = { text, path: parts.join(' '), width: x, capHeight: font.capHeight };
  return cached;
}

/**
 * A large diagonal "SAMPLE CONTENT" drawn as shapes, not text: text would be extracted
 * letter by letter into every page's searchable text.
 */
export function drawWatermark(
  doc: PDFKit.PDFDocument,
  opts: {
    text: string;
    centerX: number;
    centerY: number;
    width: number;
    angle: number;
    color: string;
    opacity: number;
  },
): void {
  const o = outline(opts.text);
  const scale = opts.width / o.width;
  doc.save();
  doc.translate(opts.centerX, opts.centerY);
  doc.rotate(opts.angle);
  doc.scale(scale, -scale);
  doc.translate(-o.width / 2, -o.capHeight / 2);
  doc.path(o.path).fillColor(opts.color).fillOpacity(opts.opacity).fill();
  doc.restore();
}
