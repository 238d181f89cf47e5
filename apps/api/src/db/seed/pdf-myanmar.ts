import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import { burmeseSpan } from '../../lib/pdf-text';

/**
 * Burmese text in pdfkit.
 *
 * fontkit (pdfkit's font engine) has no Myanmar shaper: it leaves the vowel sign E
 * (U+1031) and the medial RA (U+103C) after their consonant, where HarfBuzz would draw
 * them before it, so "ပြော" came out as ပ ြ ေ ာ. This adds the missing reordering to the
 * one font object we embed, then lets the font's own GSUB/GPOS features do the rest.
 * Each line is also wrapped in a marked-content span whose ActualText is the line in
 * logical (typed) order, so that copy-and-paste and pdftotext get real Burmese back
 * instead of the drawing order.
 */

const require = createRequire(import.meta.url);
export const MYANMAR_FONT_FILE =
  require.resolve('@fontsource/noto-sans-myanmar/files/noto-sans-myanmar-myanmar-400-normal.woff');

/** Noto Sans for the volumes' English, embedded (PDF/UA 7.21.4.1: every font embedded). */
const LATIN_FONT_FILES = {
  regular: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff'),
  bold: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff'),
};
const latinCache: Partial<Record<keyof typeof LATIN_FONT_FILES, Buffer>> = {};
export function latinFont(weight: keyof typeof LATIN_FONT_FILES): Buffer {
  latinCache[weight] ??= woffToSfnt(readFileSync(LATIN_FONT_FILES[weight]));
  return latinCache[weight];
}

let sfnt: Buffer | undefined;

/**
 * The Myanmar font as a plain OpenType file. fontkit reads WOFF, but inflates each table
 * in pure JavaScript again on every access, which made the eight volumes take seconds.
 */
export function myanmarFont(): Buffer {
  sfnt ??= woffToSfnt(readFileSync(MYANMAR_FONT_FILE));
  return sfnt;
}

/** WOFF 1.0 to sfnt: the same tables, inflated, behind a regular table directory. */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('Not a WOFF font');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.readUInt32BE(at),
      checksum: woff.readUInt32BE(at + 16),
      data: compLength < origLength ? inflateSync(raw) : raw,
    };
  });
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + numTables * 16);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    header.writeUInt32BE(t.tag, at);
    header.writeUInt32BE(t.checksum, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(t.data.length, at + 12);
    const padded = Buffer.alloc((t.data.length + 3) & ~3);
    t.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

const PRE_BASE = new Set([0x1031, 0x103c]);
const STACKER = 0x1039;

/** Consonants, independent vowels, digits and the dotted circle: what a syllable is built on. */
function isBase(cp: number | undefined): boolean {
  if (cp === undefined) return false;
  return (
    (cp >= 0x1000 && cp <= 0x102a) || cp === 0x103f || (cp >= 0x1040 && cp <= 0x1049) || cp === 0x104e || cp === 0x25cc
  );
}

interface GlyphInfo {
  codePoints: number[];
}

/** Moves each pre-base sign to the start of its syllable: E before RA before the consonant (stack). */
function reorderPreBase(_font: unknown, glyphs: GlyphInfo[]): void {
  for (let i = 1; i < glyphs.length; i++) {
    if (!PRE_BASE.has(glyphs[i]!.codePoints[0]!)) continue;
    let j = i - 1;
    // The base is the first consonant of a stack (a consonant not preceded by the stacker).
    while (j > 0 && !(isBase(glyphs[j]!.codePoints[0]) && glyphs[j - 1]!.codePoints[0] !== STACKER)) j--;
    if (!isBase(glyphs[j]!.codePoints[0])) continue;
    // A sign moved earlier (RA before E's turn) stays after the one moved now.
    while (j > 0 && PRE_BASE.has(glyphs[j - 1]!.codePoints[0]!)) j--;
    const [g] = glyphs.splice(i, 1);
    glyphs.splice(j, 0, g!);
  }
}

interface ShapingPlan {
  addStage(stage: string[] | ((font: unknown, glyphs: GlyphInfo[]) => void)): void;
  allFeatures: Record<string, boolean>;
}
interface ShaperClass {
  plan(plan: ShapingPlan, glyphs: GlyphInfo[], features: Record<string, boolean>): void;
}
interface OTLayoutEngine {
  setup(run: GlyphRun): void;
  shaper: ShaperClass;
  plan: ShapingPlan;
  glyphInfos: GlyphInfo[];
  GSUBProcessor?: { scriptTag: string };
}
interface GlyphRun {
  direction: string;
  features: Record<string, boolean>;
}
interface FontkitFont {
  layout(text: string): unknown;
  _layoutEngine?: { engine?: OTLayoutEngine };
}

const patched = new WeakSet<object>();

/** Teaches the fontkit font of the current pdfkit font to shape Burmese. Call after doc.font(). */
export function enableMyanmarShaping(doc: PDFKit.PDFDocument): void {
  const font = (doc as unknown as { _font: { font: FontkitFont } })._font.font;
  if (patched.has(font)) return;
  font.layout('က');
  const engine = font._layoutEngine?.engine;
  if (!engine) throw new Error('The Myanmar font has no OpenType layout tables.');
  let MyanmarShaper: ShaperClass | undefined;
  const setup = engine.setup.bind(engine);
  engine.setup = (run) => {
    setup(run);
    if (engine.GSUBProcessor?.scriptTag !== 'mym2') return;
    // fontkit picked its default shaper for Myanmar; extend that one with the reordering.
    const Default = engine.shaper as unknown as new () => unknown;
    MyanmarShaper ??= class extends (Default as unknown as { new (): object }) {
      static planFeatures(plan: ShapingPlan) {
        plan.addStage(['locl', 'ccmp']);
        plan.addStage(reorderPreBase);
        plan.addStage(['blwf']);
        plan.addStage(['abvs', 'blws']);
      }
    } as unknown as ShaperClass;
    const Plan = engine.plan.constructor as new (font: unknown, script: string, direction: string) => ShapingPlan;
    engine.shaper = MyanmarShaper;
    engine.plan = new Plan(font, 'mym2', run.direction);
    MyanmarShaper.plan(engine.plan, engine.glyphInfos, run.features);
    for (const key in engine.plan.allFeatures) run.features[key] = true;
  };
  patched.add(font);
}

/**
 * Writes a Burmese paragraph, breaking lines at spaces (Burmese puts spaces between
 * phrases, not words), each line tagged with its text for extraction. Returns the y below it.
 */
export function burmeseParagraph(
  doc: PDFKit.PDFDocument,
  text: string,
  opts: { x: number; y: number; width: number; fontName: string; size: number; lineHeight: number },
): number {
  doc.font(opts.fontName).fontSize(opts.size);
  enableMyanmarShaping(doc);
  const lines: string[] = [];
  let line = '';
  for (const phrase of text.split(/\s+/)) {
    const candidate = line ? `${line} ${phrase}` : phrase;
    if (line && doc.widthOfString(candidate) > opts.width) {
      lines.push(line);
      line = phrase;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  let y = opts.y;
  for (const l of lines) {
    burmeseSpan(doc, l, () => doc.text(l, opts.x, y, { lineBreak: false }));
    y += opts.lineHeight;
  }
  return y;
}
