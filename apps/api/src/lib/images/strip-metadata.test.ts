import { describe, expect, it } from 'vitest';
import { jpegWithGps, pngWithText } from '../../../test/images';
import { imageTypeOf, stripJpeg, stripPng, withoutMetadata } from './strip-metadata';

const has = (bytes: Buffer, text: string) => bytes.includes(Buffer.from(text, 'latin1'));

/** The PNG chunk types in order. */
function chunks(png: Buffer): string[] {
  const out: string[] = [];
  for (let at = 8; at + 8 <= png.length; at += 12 + png.readUInt32BE(at)) {
    out.push(png.subarray(at + 4, at + 8).toString('latin1'));
  }
  return out;
}

describe('stripping a photo’s metadata (decision 093)', () => {
  it('drops a JPEG’s Exif (with its GPS block), XMP and IPTC segments and keeps the picture as it was', () => {
    const original = jpegWithGps();
    expect(has(original, 'Exif')).toBe(true);
    const out = stripJpeg(original)!;
    expect(out).not.toBeNull();
    for (const gone of ['Exif', 'GPS', 'xmpmeta', 'Photoshop', 'Ko Aung']) expect(has(out, gone), gone).toBe(false);
    expect([...out.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect([...out.subarray(-2)]).toEqual([0xff, 0xd9]);
    expect(has(out, 'JFIF')).toBe(true);
    // The tables, the frame header and the scan (with its stuffed byte and restart marker) are untouched.
    const scanAt = original.indexOf(Buffer.from([0xff, 0xdb]));
    expect(out.subarray(out.indexOf(Buffer.from([0xff, 0xdb])))).toEqual(original.subarray(scanAt));
  });

  it('drops a PNG’s eXIf, tEXt, zTXt and iTXt chunks and keeps the others in order', () => {
    const original = pngWithText();
    const out = stripPng(original)!;
    expect(chunks(original)).toEqual(expect.arrayContaining(['tEXt', 'eXIf', 'iTXt', 'zTXt']));
    const kept = chunks(out);
    expect(kept[0]).toBe('IHDR');
    expect(kept.at(-1)).toBe('IEND');
    expect(kept.filter((c) => ['tEXt', 'eXIf', 'iTXt', 'zTXt'].includes(c))).toEqual([]);
    expect(kept).toEqual(chunks(original).filter((c) => !['tEXt', 'eXIf', 'iTXt', 'zTXt'].includes(c)));
    expect(has(out, 'Ko Aung')).toBe(false);
  });

  it('knows a picture by its first bytes, not its name, and refuses broken or other files', () => {
    expect(imageTypeOf(jpegWithGps())).toBe('image/jpeg');
    expect(imageTypeOf(pngWithText())).toBe('image/png');
    expect(imageTypeOf(Buffer.from('%PDF-1.7\n'))).toBeNull();
    expect(withoutMetadata(Buffer.from('GIF89a......'))).toBeNull();
    // Cut short: a segment length runs past the end, or the PNG has no IEND.
    expect(withoutMetadata(jpegWithGps().subarray(0, 30))).toBeNull();
    expect(withoutMetadata(pngWithText().subarray(0, 200))).toBeNull();
    // A PNG whose first chunk is not its header.
    const png = pngWithText();
    const noHeader = Buffer.concat([png.subarray(0, 8), png.subarray(8 + 12 + png.readUInt32BE(8))]);
    expect(withoutMetadata(noHeader)).toBeNull();
    expect(withoutMetadata(jpegWithGps())?.type).toBe('image/jpeg');
  });
});
