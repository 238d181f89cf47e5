export interface SnippetPart {
  text: string;
  marked: boolean;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

function decode(html: string): string {
  return html.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!);
}

/**
 * Turns a search snippet (escaped text whose only tags are <mark> and </mark>) into
 * parts to render as text, so nothing from a document is ever parsed as HTML.
 */
export function parseSnippet(html: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let marked = false;
  for (const piece of html.split(/(<mark>|<\/mark>)/)) {
    if (piece === '<mark>') marked = true;
    else if (piece === '</mark>') marked = false;
    else if (piece) parts.push({ text: decode(piece), marked });
  }
  return parts;
}
