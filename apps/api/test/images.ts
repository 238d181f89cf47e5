import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';

/** Pictures with metadata a phone would write, for the photo tests (decision 093). */

const segment = (marker: number, body: Buffer) => {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
};

/** An Exif block whose GPS IFD places the picture at Yangon (16°47′N 96°09′E). */
function exifWithGps(): Buffer {
  const tiff = Buffer.alloc(64);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4); // IFD0 at 8
  tiff.writeUInt16BE(1, 8); // one entry: the GPS IFD pointer
  tiff.writeUInt16BE(0x8825, 10);
  tiff.writeUInt16BE(4, 12); // LONG
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt32BE(26, 18);
  tiff.writeUInt32BE(0, 22); // no next IFD
  tiff.writeUInt16BE(1, 26); // GPS IFD: one entry, GPSLatitudeRef "N"
  tiff.writeUInt16BE(0x0001, 28);
  tiff.writeUInt16BE(2, 30);
  tiff.writeUInt32BE(2, 32);
  tiff.write('N\0', 36, 'latin1');
  tiff.write('GPS 16.78N 96.15E', 44, 'latin1');
  return Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
}

/** A JPEG's segments as a camera writes them: JFIF, Exif with GPS, XMP, IPTC, tables, one scan. */
export function jpegWithGps(): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    segment(0xe1, exifWithGps()),
    segment(0xe1, Buffer.from('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>exif:GPSLatitude</x:xmpmeta>', 'latin1')),
    segment(0xed, Buffer.from('Photoshop 3.0\x008BIM owner: Ko Aung', 'latin1')),
    segment(0xdb, Buffer.alloc(65, 1)),
    segment(0xc0, Buffer.from([8, 0, 1, 0, 1, 1, 1, 0x11, 0])),
    segment(0xc4, Buffer.alloc(20, 0)),
    segment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])),
    // Entropy-coded data, with a stuffed 0xFF00 and a restart marker in it.
    Buffer.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56]),
    Buffer.from([0xff, 0xd9]),
  ]);
}

const chunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
};

/** The portal's own icon with text, Exif and XMP chunks added after its header. */
export function pngWithText(): Buffer {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  const icon = readFileSync(path.join(root, 'apps/web/public/icon-192.png'));
  const ihdrEnd = 8 + 12 + icon.readUInt32BE(8);
  return Buffer.concat([
    icon.subarray(0, ihdrEnd),
    chunk('tEXt', Buffer.from('Author\0Ko Aung', 'latin1')),
    chunk('eXIf', exifWithGps().subarray(6)),
    chunk('iTXt', Buffer.from('XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta>GPS</x:xmpmeta>', 'latin1')),
    chunk('zTXt', Buffer.from('Comment\0\0x', 'latin1')),
    icon.subarray(ihdrEnd),
  ]);
}
