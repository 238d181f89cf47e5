/**
 * Splitting text into its Burmese and non-Burmese runs, so that the parts in the other
 * language can be marked for screen readers and text-to-speech: `lang="my"` spans in
 * mails (`lib/mail-layout.ts`) and `/Lang` marked content in PDFs (`lib/pdf-text.ts`).
 * Issue 29, decision 083.
 */

/** Myanmar, Myanmar Extended-A and Extended-B. */
const MYANMAR = '\\u1000-\\u109F\\uA9E0-\\uA9FF\\uAA60-\\uAA7F';
/** What may sit between two Burmese words without ending the Burmese run. */
const BETWEEN = `\\s\\d.,:;()\\[\\]\\-–—/“”"'!?…`;
const RUN = new RegExp(`[${MYANMAR}](?:[${MYANMAR}${BETWEEN}]*[${MYANMAR}])?`, 'gu');

export interface ScriptRun {
  text: string;
  myanmar: boolean;
}

/** The text cut into runs that alternate between Burmese and anything else; joined, they give the text back. */
export function scriptRuns(text: string): ScriptRun[] {
  const runs: ScriptRun[] = [];
  let at = 0;
  for (const m of text.matchAll(RUN)) {
    if (m.index > at) runs.push({ text: text.slice(at, m.index), myanmar: false });
    runs.push({ text: m[0], myanmar: true });
    at = m.index + m[0].length;
  }
  if (at < text.length) runs.push({ text: text.slice(at), myanmar: false });
  return runs;
}

/** True when most of the text's letters are Burmese: the whole piece is then in Burmese. */
export function mostlyMyanmar(text: string): boolean {
  const my = text.match(new RegExp(`[${MYANMAR}]`, 'gu'))?.length ?? 0;
  const latin = text.match(/[A-Za-z]/g)?.length ?? 0;
  return my > latin;
}
