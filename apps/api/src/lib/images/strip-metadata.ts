/**
 * Photos the public sends (a concern about a site, decision 093) are kept without the data a
 * camera writes beside the picture: where it was taken (GPS), the device, the owner's name.
 * Pure byte work, no decoder: the picture's own data is copied as it came, so nothing is
 * re-encoded and nothing a decoder would trust is added.
 */

export type ImageType = 'image/jpeg' | 'image/png';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The type the bytes are (by their first bytes, never by a declared type or name), or null. */
export function imageTypeOf(bytes: Buffer): ImageType | null {
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  return null;
}

/** JPEG markers whose segments carry metadata: APP1 (Exif, XMP) and APP13 (Photoshop IPTC). */
const JPEG_DROPPED = new Set([0xe1, 0xed]);

/**
 * A JPEG without its APP1 and APP13 segments, or null when its segment structure is broken
 * (no start-of-scan, a length running past the end). Everything from the first scan on is
 * copied as it is: metadata segments belong before it.
 */
export function stripJpeg(bytes: Buffer): Buffer | null {
  if (imageTypeOf(bytes) !== 'image/jpeg') return null;
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    let marker = bytes[at + 1];
    let start = at;
    // Fill bytes (0xFF repeated) may stand before a marker.
    while (marker === 0xff) {
      start += 1;
      marker = bytes[start + 1];
    }
    if (marker === undefined) return null;
    if (marker === 0xd9) {
      kept.push(bytes.subarray(start, start + 2));
      return Buffer.concat(kept);
    }
    // Markers without a length: TEM and the restart markers.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      kept.push(bytes.subarray(start, start + 2));
      at = start + 2;
      continue;
    }
    if (start + 4 > bytes.length) return null;
    const length = bytes.readUInt16BE(start + 2);
    const end = start + 2 + length;
    if (length < 2 || end > bytes.length) return null;
    if (marker === 0xda) {
      kept.push(bytes.subarray(start));
      return Buffer.concat(kept);
    }
    if (!JPEG_DROPPED.has(marker)) kept.push(bytes.subarray(start, end));
    at = end;
  }
  return null;
}

/** PNG chunks that carry metadata: Exif, and the three kinds of text (author, GPS notes, XMP). */
const PNG_DROPPED = new Set(['eXIf', 'tEXt', 'zTXt', 'iTXt']);

/**
 * A PNG without its eXIf, tEXt, zTXt and iTXt chunks, or null when its chunk structure is
 * broken (not starting with IHDR, a length running past the end, no IEND).
 */
export function stripPng(bytes: Buffer): Buffer | null {
  if (imageTypeOf(bytes) !== 'image/png') return null;
  const kept: Buffer[] = [PNG_SIGNATURE];
  let at = 8;
  let first = true;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.subarray(at + 4, at + 8).toString('latin1');
    const end = at + 12 + length;
    if (end > bytes.length || (first && type !== 'IHDR')) return null;
    first = false;
    if (!PNG_DROPPED.has(type)) kept.push(bytes.subarray(at, end));
    if (type === 'IEND') return Buffer.concat(kept);
    at = end;
  }
  return null;
}

/** The picture without its metadata, with its type; null when it is not a whole JPEG or PNG. */
export function withoutMetadata(bytes: Buffer): { type: ImageType; bytes: Buffer } | null {
  const type = imageTypeOf(bytes);
  const stripped = type === 'image/jpeg' ? stripJpeg(bytes) : type === 'image/png' ? stripPng(bytes) : null;
  return type && stripped ? { type, bytes: stripped } : null;
}
