import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The Burmese web font is the device's own copy when it has one, downloaded only otherwise
// (issue 31; docs/decisions/130).
const css = readFileSync(path.join(import.meta.dirname, 'styles.css'), 'utf8');
const faces = [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].map((m) => m[1]!);
const require = createRequire(import.meta.url);

describe("styles.css's Burmese font", () => {
  it("names the device's copy of each weight before the file to download", () => {
    expect(faces.map((f) => /font-weight:\s*(\d+)/.exec(f)?.[1])).toEqual(['400', '700']);
    for (const face of faces) {
      expect(face).toMatch(/font-family:\s*'Noto Sans Myanmar'/);
      expect(face).toMatch(/font-display:\s*swap/);
      const src = /src:([^;]*);/.exec(face)![1]!;
      expect(src.indexOf('local(')).toBeGreaterThanOrEqual(0);
      expect(src.indexOf('local(')).toBeLessThan(src.indexOf('url('));
    }
  });

  it('downloads files the font package has', () => {
    const urls = faces.flatMap((f) => [...f.matchAll(/url\('([^']+)'\)/g)].map((m) => m[1]!));
    expect(urls).toHaveLength(4);
    for (const url of urls) expect(existsSync(require.resolve(url))).toBe(true);
  });

  it("imports no face of the package's own CSS, which has no local source", () => {
    expect(css).not.toMatch(/@import\s+['"]@fontsource/);
  });
});
