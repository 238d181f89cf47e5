/**
 * Burmese text taken from PDFs often comes out in drawing order rather than typed order:
 * the vowel sign E (U+1031) and the medial RA (U+103C) are drawn to the left of their
 * consonant, so "သော" is extracted as "ေသာ" and "ဖြစ်" as "ြဖစ်". Searches are typed in
 * Unicode (logical) order, so page text is put back into that order before indexing.
 */

const E = 0x1031;
const MEDIAL_RA = 0x103c;
const VIRAMA = 0x1039;

function isConsonant(cp: number | undefined): boolean {
  return cp !== undefined && ((cp >= 0x1000 && cp <= 0x1021) || cp === 0x103f || cp === 0x104e);
}

function isMedial(cp: number | undefined): boolean {
  return cp !== undefined && cp >= 0x103b && cp <= 0x103e;
}

/** A pre-base sign where typed Burmese can never have one: at the start of a word, or E before RA. */
const DRAWING_ORDER = /(?:^|[^\u1000-\u109f])[\u1031\u103c]|\u1031\u103c/mu;

/** Whether the text shows signs of drawing order (text typed in Unicode order never matches). */
export function looksLikeDrawingOrder(text: string): boolean {
  return DRAWING_ORDER.test(text);
}

/**
 * Moves each E and medial RA that stands before its consonant to where Unicode puts it:
 * RA among the medials after the consonant (and any stacked consonant), E after them all.
 * Signs not followed by a consonant are left alone.
 */
export function drawingToTypedOrder(text: string): string {
  const cps = Array.from(text, (c) => c.codePointAt(0)!);
  const out: number[] = [];
  let i = 0;
  while (i < cps.length) {
    const cp = cps[i]!;
    if (cp !== E && cp !== MEDIAL_RA) {
      out.push(cp);
      i++;
      continue;
    }
    let j = i;
    let hasE = false;
    let hasRa = false;
    while (j < cps.length && (cps[j] === E || cps[j] === MEDIAL_RA)) {
      if (cps[j] === E) hasE = true;
      else hasRa = true;
      j++;
    }
    if (!isConsonant(cps[j])) {
      out.push(...cps.slice(i, j));
      i = j;
      continue;
    }
    const head: number[] = [cps[j]!];
    j++;
    // Stacked consonants belong to the same syllable head.
    while (cps[j] === VIRAMA && isConsonant(cps[j + 1])) {
      head.push(cps[j]!, cps[j + 1]!);
      j += 2;
    }
    const medials: number[] = [];
    while (isMedial(cps[j])) medials.push(cps[j++]!);
    if (hasRa) medials.push(MEDIAL_RA);
    medials.sort((a, b) => a - b);
    out.push(...head, ...medials);
    if (hasE) out.push(E);
    i = j;
  }
  return String.fromCodePoint(...out);
}

/** Typed-order text, repairing it only when it shows drawing order. */
export function typedMyanmarOrder(text: string): string {
  return looksLikeDrawingOrder(text) ? drawingToTypedOrder(text) : text;
}
