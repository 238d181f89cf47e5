import { escapeHtml } from '../../lib/escape-html';

/** How a page matched: whole words starting with these prefixes, or these substrings (spaces in the page ignored). */
export type Matcher = { kind: 'words'; prefixes: string[] } | { kind: 'substrings'; terms: string[] };

export { escapeHtml };

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const WORD_CHAR = '[\\p{L}\\p{N}\\p{M}]';

/** A global, case-insensitive pattern for what the matcher found, or undefined when it has nothing to look for. */
export function matchPattern(matcher: Matcher): RegExp | undefined {
  if (matcher.kind === 'words') {
    const prefixes = matcher.prefixes.filter(Boolean).map(escapeRegExp);
    if (!prefixes.length) return undefined;
    // The whole word that starts with a searched prefix, as the prefix query (word:*) matched it.
    return new RegExp(`(?<!${WORD_CHAR})(?:${prefixes.join('|')})${WORD_CHAR}*`, 'giu');
  }
  // Longest first, so a longer term wins over a term it contains.
  const terms = matcher.terms.filter(Boolean).sort((a, b) => b.length - a.length);
  if (!terms.length) return undefined;
  // Terms were matched against the page with its spaces removed; allow them back between characters.
  const spaced = terms.map((term) => Array.from(term, escapeRegExp).join('\\s*'));
  return new RegExp(spaced.join('|'), 'giu');
}

/** Moves a cut point off a combining mark, so a Burmese syllable is never split. */
function atClusterStart(text: string, index: number, direction: 1 | -1): number {
  let i = index;
  while (i > 0 && i < text.length && /\p{M}/u.test(text[i]!)) i += direction;
  return i;
}

/** Prefers to cut at a space within `slack` characters; otherwise at a cluster boundary. */
function cutPoint(text: string, index: number, direction: 1 | -1, slack = 24): number {
  if (index <= 0) return 0;
  if (index >= text.length) return text.length;
  for (let d = 0; d <= slack; d++) {
    const i = index + d * direction;
    if (i <= 0) return 0;
    if (i >= text.length) return text.length;
    if (/\s/.test(text[i]!)) return direction === 1 ? i : i + 1;
  }
  return atClusterStart(text, index, direction);
}

/**
 * A short excerpt of a page around the first match, as HTML: the text escaped, each
 * match wrapped in <mark>…</mark>, and an ellipsis where the page was cut. No other
 * markup can appear, so the browser may split on the marks and show the rest as text.
 */
export function buildSnippet(pageText: string, matcher: Matcher, length = 220): string {
  const text = pageText.replace(/\s+/g, ' ').trim();
  const pattern = matchPattern(matcher);
  const first = pattern ? new RegExp(pattern.source, 'iu').exec(text) : null;
  const at = first?.index ?? 0;
  let start = first ? cutPoint(text, Math.max(0, at - Math.floor(length / 3)), -1) : 0;
  if (start > at) start = at;
  let end = cutPoint(text, Math.min(text.length, start + length), 1);
  if (first && end < at + first[0].length) end = at + first[0].length;
  const part = text.slice(start, end);

  let html = '';
  let last = 0;
  if (pattern) {
    pattern.lastIndex = 0;
    for (const m of part.matchAll(pattern)) {
      if (!m[0]) continue;
      html += `${escapeHtml(part.slice(last, m.index))}<mark>${escapeHtml(m[0])}</mark>`;
      last = m.index + m[0].length;
    }
  }
  html += escapeHtml(part.slice(last));
  return `${start > 0 ? '… ' : ''}${html.trim()}${end < text.length ? ' …' : ''}`;
}
