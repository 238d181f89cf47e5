import { spawn } from 'node:child_process';

/** Bounds for one run: memory (address space), CPU seconds, wall time, text printed. */
const MEMORY_BYTES = 1024 * 1024 * 1024;
const CPU_SECONDS = 60;
const WALL_MS = 90_000;
const OUTPUT_CAP = 64 * 1024 * 1024;

/**
 * The text of each page as poppler's `pdftotext` reads it (UTF-8, pages split at form
 * feeds), or null when pdftotext is not installed, fails or exceeds its bounds: the caller
 * then keeps pdf.js's reading. pdftotext applies the fonts' ToUnicode maps and the PDF's
 * ActualText as a whole, which pdf.js does not for the Burmese of Chromium- or
 * LibreOffice-printed volumes (issue 28, item 10; decision 091). `-raw` keeps the text in the
 * order the page draws it: LibreOffice places Burmese vowel signs and medials a little above
 * or below the line, and pdftotext's layout mode then splits them off onto lines of their
 * own ("ခွ င်ပြ" / "့ ုချက်"), so no Burmese word of such a volume was found (decision 103).
 */
export function popplerPages(data: Uint8Array): Promise<string[] | null> {
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(
        'prlimit',
        [`--as=${MEMORY_BYTES}`, `--cpu=${CPU_SECONDS}`, '--', 'pdftotext', '-q', '-raw', '-enc', 'UTF-8', '-', '-'],
        { stdio: ['pipe', 'pipe', 'ignore'] },
      );
    } catch {
      resolve(null);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    const stop = () => {
      failed = true;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(stop, WALL_MS);
    child.on('error', () => {
      failed = true;
    });
    child.stdout.on('data', (c: Buffer) => {
      size += c.length;
      if (size > OUTPUT_CAP) stop();
      else chunks.push(c);
    });
    child.stdin.on('error', () => {});
    child.stdin.end(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    child.on('close', (code) => {
      clearTimeout(timer);
      if (failed || code !== 0) return resolve(null);
      const pages = Buffer.concat(chunks).toString('utf8').split('\f');
      // pdftotext ends the last page with a form feed too.
      if (pages.length > 1 && pages.at(-1)!.trim() === '') pages.pop();
      resolve(pages);
    });
  });
}
