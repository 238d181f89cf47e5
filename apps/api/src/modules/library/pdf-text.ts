import { drawingToTypedOrder, looksLikeDrawingOrder } from './myanmar-order';
import { popplerPages } from './poppler-text';

/**
 * The text of each page of a PDF, in reading order as pdf.js gives it. Runs of spaces
 * are squeezed, so snippets read well and positions stay stable.
 */
export async function extractPdfPages(
  data: Uint8Array,
  /** Told after each page (pages done, pages in all), e.g. to show an indexing job's progress. */
  onPage?: (done: number, total: number) => void | Promise<void>,
): Promise<string[]> {
  // Loaded on demand: pdf.js is large and most starts have nothing to extract.
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({
    // pdf.js takes ownership of the buffer; give it a copy.
    data: new Uint8Array(data),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  const pdf = await task.promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      let prev: { xEnd: number; y: number; size: number } | undefined;
      for (const item of content.items) {
        if (!('str' in item)) continue;
        const [, , c = 0, d = 0, x = 0, y = 0] = item.transform as number[];
        const size = Math.hypot(c, d) || item.height || 1;
        // pdf.js splits lines into runs without saying whether a space sat between them; the gap tells.
        if (prev && item.str && !/\s$/.test(text)) {
          if (Math.abs(y - prev.y) > prev.size * 0.5) text += '\n';
          else if (x - prev.xEnd > prev.size * 0.15) text += ' ';
        }
        text += item.str;
        if (item.hasEOL) text += '\n';
        if (item.str) prev = { xEnd: x + item.width, y, size };
      }
      pages.push(normalizePageText(text));
      page.cleanup();
      await onPage?.(n, pdf.numPages);
    }
    // Poppler reads the fonts' ToUnicode and ActualText whole where pdf.js drops or splits
    // Burmese signs (Chromium's and LibreOffice's PDFs, issue 28 item 10; decision 091);
    // pdf.js stays the reading when poppler is missing or counts the pages differently.
    const poppler = await popplerPages(data);
    const read = poppler && poppler.length === pages.length ? poppler.map(normalizePageText) : pages;
    // A PDF draws all its Burmese one way; a tell on any page settles it for every page.
    const typed = read.some(looksLikeDrawingOrder) ? read.map(drawingToTypedOrder) : read;
    return typed.map(joinCombiningMarks);
  } finally {
    await task.destroy();
  }
}

export function normalizePageText(text: string): string {
  return (
    text
      .normalize('NFC')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, ' ')
      .replace(/[^\S\n]+/g, ' ')
      .replace(/ *\n */g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/**
 * Nothing may stand between a letter and its combining sign (in typed order); extraction
 * puts spaces there, which a browser then draws as a dotted circle.
 */
export function joinCombiningMarks(text: string): string {
  return text.replace(/\s+(?=\p{M})/gu, '');
}
