import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';

/** The QR code on a page of a PDF: rendered by poppler as a PPM, then read as RGBA by jsQR. */
export function qrOfPage(pdf: Buffer, page = 1): string | null {
  const dir = mkdtempSync(path.join(tmpdir(), 'hpbc-qr-'));
  try {
    writeFileSync(path.join(dir, 'r.pdf'), pdf);
    execFileSync('pdftoppm', [
      '-r',
      '150',
      '-f',
      String(page),
      '-l',
      String(page),
      path.join(dir, 'r.pdf'),
      path.join(dir, 'p'),
    ]);
    const file = readdirSync(dir).find((f) => f.endsWith('.ppm'))!;
    const ppm = readFileSync(path.join(dir, file));
    // "P6\n<w> <h>\n255\n" then RGB bytes.
    const header = ppm
      .subarray(0, 40)
      .toString('latin1')
      .match(/^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/)!;
    const [w, h] = [Number(header[1]), Number(header[2])];
    const rgb = ppm.subarray(header[0].length);
    const rgba = new Uint8ClampedArray(w * h * 4);
    for (let i = 0; i < w * h; i++) {
      rgba[i * 4] = rgb[i * 3]!;
      rgba[i * 4 + 1] = rgb[i * 3 + 1]!;
      rgba[i * 4 + 2] = rgb[i * 3 + 2]!;
      rgba[i * 4 + 3] = 255;
    }
    return jsQR(rgba, w, h)?.data ?? null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
