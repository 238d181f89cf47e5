/**
 * A file name that is safe to store, show and mail (docs/decisions/015): no folders, no
 * control or format characters (so no right-to-left override can turn "…fdp.exe" into
 * "…exe.pdf" on screen), no quotes, one extension and that one `.pdf`, at most 150
 * characters. Names that are empty after cleaning become `fallback`.
 */
export function safePdfName(name: string | undefined, fallback = 'document.pdf'): string {
  const base = (name ?? '').normalize('NFC').split(/[\\/]/).pop() ?? '';
  const visible = base
    // Cc: control characters; Cf: format characters (bidirectional overrides and isolates,
    // zero-width joiners, byte-order marks); Zl/Zp: line and paragraph separators.
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}"*<>?|:]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
  const stem = visible
    .replace(/\.pdf$/i, '')
    // No second extension: "letter.exe.pdf" would still read as an .exe to some people.
    .replace(/\./g, '_')
    .replace(/^[\s_-]+|[\s_-]+$/g, '')
    .slice(0, 146);
  return stem ? `${stem}.pdf` : fallback;
}
