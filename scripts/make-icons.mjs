// Makes the site's bitmap icons from apps/web/public/favicon.svg (docs/decisions/084):
// icon-192.png and icon-512.png (the web app manifest's "any" icons), icon-maskable-512.png
// (the same mark inside the maskable safe zone on a full-bleed background) and favicon.ico
// (32 and 48 px PNGs in one ICO, for programs that ask /favicon.ico and read no SVG).
// Drawn by Chromium (the e2e browser), so the bitmaps are the SVG as browsers show it.
// Run after changing the SVG: `node scripts/make-icons.mjs`; the outputs are committed.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright';

const publicDir = path.resolve(import.meta.dirname, '../apps/web/public');
const svg = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
// The mark without its rounded square, for the maskable icon (its own background fills the edges).
const glyph = svg.match(/<path[^>]*\/>/)?.[0];
if (!glyph) throw new Error('favicon.svg: no <path> to draw');
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#1e3a8a"/><g transform="translate(6.4 6.4) scale(0.6)">${glyph}</g></svg>`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage();
  const draw = async (source, size) => {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}</style><img src="data:image/svg+xml;base64,${Buffer.from(source).toString('base64')}" width="${size}" height="${size}">`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  };
  writeFileSync(path.join(publicDir, 'icon-192.png'), await draw(svg, 192));
  writeFileSync(path.join(publicDir, 'icon-512.png'), await draw(svg, 512));
  writeFileSync(path.join(publicDir, 'icon-maskable-512.png'), await draw(maskable, 512));
  writeFileSync(
    path.join(publicDir, 'favicon.ico'),
    ico([
      [32, await draw(svg, 32)],
      [48, await draw(svg, 48)],
    ]),
  );
} finally {
  await browser.close();
}

/** An ICO file holding PNG images (allowed since Windows Vista; what browsers read). */
function ico(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1: icon
  header.writeUInt16LE(images.length, 4);
  const entries = [];
  let offset = 6 + 16 * images.length;
  for (const [size, png] of images) {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size % 256, 0);
    entry.writeUInt8(size % 256, 1);
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    entries.push(entry);
  }
  return Buffer.concat([header, ...entries, ...images.map(([, png]) => png)]);
}
