import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inlineStyleSources, securityHeaders } from './security-headers';

const dirs: string[] = [];
function webDist(html: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'hpbc-csp-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'index.html'), html);
  return dir;
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const policyOf = async (inlineStyles: string[]) =>
  new Map(await securityHeaders({ https: false, inlineStyles })).get('content-security-policy') ?? '';

describe("the app shell's inline style in the Content-Security-Policy", () => {
  it('allows exactly the <style> of the built index.html, by its SHA-256', async () => {
    const css = 'body{margin:0}.app-shell-bar{background:#fff}';
    const sources = inlineStyleSources(webDist(`<html><head><style>${css}</style></head><body></body></html>`));
    const hash = createHash('sha256').update(css).digest('base64');
    expect(sources).toEqual([`'sha256-${hash}'`]);
    const policy = await policyOf(sources);
    expect(policy).toContain(`style-src 'self' 'sha256-${hash}'`);
    expect(policy).not.toMatch(/unsafe-/);
  });

  it('adds nothing without a build or without an inline style', async () => {
    expect(inlineStyleSources(undefined)).toEqual([]);
    expect(inlineStyleSources(webDist('<html><head></head><body></body></html>'))).toEqual([]);
    expect(await policyOf([])).toContain("style-src 'self';");
  });
});
