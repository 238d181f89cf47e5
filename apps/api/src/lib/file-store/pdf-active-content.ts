import { inflateSync } from 'node:zlib';

/**
 * PDF names for content that acts when the file is opened or clicked: scripts, launching
 * programs, sending or importing data, embedded files and rich media.
 */
const ACTIVE = /\/(JavaScript|JS|Launch|SubmitForm|ImportData|RichMedia|EmbeddedFiles?|GoToE)(?![A-Za-z0-9])/;

/** Names may hide letters as #xx escapes (/J#61vaScript); decode them before looking. */
const decodeNames = (text: string) =>
  text.replace(/#([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * True when the PDF carries JavaScript or an action that opens other files or programs,
 * in plain objects or inside compressed (Flate) object streams. Such files are refused:
 * cover letters go on to the companies' mailboxes.
 */
export function hasActiveContent(bytes: Buffer): boolean {
  const text = bytes.toString('latin1');
  if (ACTIVE.test(decodeNames(text))) return true;
  const streams = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  let budget = 64 * 1024 * 1024; // inflated bytes looked at, at most
  while ((match = streams.exec(text)) && budget > 0) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    try {
      const inflated = inflateSync(bytes.subarray(start, end), { maxOutputLength: 16 * 1024 * 1024 });
      budget -= inflated.length;
      if (ACTIVE.test(decodeNames(inflated.toString('latin1')))) return true;
    } catch {
      // Not Flate data (an image, a font): nothing to read.
    }
    streams.lastIndex = end;
  }
  return false;
}
