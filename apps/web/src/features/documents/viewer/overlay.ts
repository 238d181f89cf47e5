/**
 * The overlay of two revisions of a page (docs/decisions/073), kept apart from pdf.js so
 * that it can be tested on its own.
 */

/** What a pixel counts as ink: darker than this on the 0–255 grey scale. */
const INK = 200;
/** The overlay's colours: only in the older revision, only in the newer, in both. */
export const OVERLAY = { older: [185, 28, 28], newer: [29, 78, 216], both: [148, 163, 184] } as const;

/**
 * The overlay of two pages drawn at the same size: ink only in the older red, only in the
 * newer blue, in both grey, paper white. Returns how many pixels changed.
 */
export function combine(older: ImageData, newer: ImageData, out: ImageData): number {
  const a = older.data;
  const b = newer.data;
  const o = out.data;
  let changed = 0;
  for (let i = 0; i < o.length; i += 4) {
    const inkA = i < a.length && a[i]! * 0.299 + a[i + 1]! * 0.587 + a[i + 2]! * 0.114 < INK && a[i + 3]! > 0;
    const inkB = i < b.length && b[i]! * 0.299 + b[i + 1]! * 0.587 + b[i + 2]! * 0.114 < INK && b[i + 3]! > 0;
    const c = inkA && inkB ? OVERLAY.both : inkA ? OVERLAY.older : inkB ? OVERLAY.newer : ([255, 255, 255] as const);
    if (inkA !== inkB) changed++;
    o[i] = c[0];
    o[i + 1] = c[1];
    o[i + 2] = c[2];
    o[i + 3] = 255;
  }
  return changed;
}
