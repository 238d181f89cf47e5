import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PAGES } from '@hpbc/shared/app-routes';
import { buildTestApp, type TestApp } from './build-test-app';
import { insertProject } from './public-records';
import { fakeWebDist } from './web-dist';

// What programs other than browsers read from the site (issue 29, item 5; docs/decisions/084):
// the site files with their types, read back with real parsers, and each page's HTML with
// its language, title, canonical link and Open Graph tags, as a link preview reads them.

const PUBLIC_DIR = path.resolve(import.meta.dirname, '../../web/public');
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="csrf-token" content="" />
    <meta name="description" content="High-rise and Public Building projects Committee (HPBC) of Myanmar" />
    <title>HPBC</title>
  </head>
  <body><div id="root"></div></body>
</html>
`;
// What the web build writes from the pages' translations (apps/web/vite.config.ts, pageMeta).
const PAGE_META = {
  '/project-list': {
    en: { title: 'Project List', description: '{{short}} reviews the designs.' },
    my: { title: 'စီမံကိန်းစာရင်း', description: '{{short}} သည် ဒီဇိုင်းကို စိစစ်ပါသည်။' },
  },
  '/project-detail/:id': {
    en: {
      title: 'Project Details',
      description: 'Developer: {{developer}} · {{location}}, {{state}} · Status: {{status}}',
      labels: { Active: 'Active' },
    },
    my: {
      title: 'စီမံကိန်း အသေးစိတ်',
      description: 'ဆောက်လုပ်ရေး လုပ်ငန်းရှင်: {{developer}} · {{location}}၊ {{state}} · အခြေအနေ: {{status}}',
      labels: { Active: 'ဆောင်ရွက်ဆဲ' },
    },
  },
};

let t: TestApp;
let webDist: string;
let tower: number;
let hidden: number;
beforeAll(async () => {
  webDist = fakeWebDist({
    'index.html': INDEX_HTML,
    '.vite/page-meta.json': JSON.stringify(PAGE_META),
    // The committed icons, as the build copies them from apps/web/public.
    ...Object.fromEntries(
      ['favicon.ico', 'favicon.svg', 'icon-192.png', 'icon-512.png', 'icon-maskable-512.png'].map((file) => [
        file,
        readFileSync(path.join(PUBLIC_DIR, file)),
      ]),
    ),
  });
  t = await buildTestApp({ config: { webDist, appUrl: 'https://hpbc.example.gov.mm' } });
  tower = await insertProject(t.database, 7, {
    projectName: 'ရွှေတောင် <Tower> & "Plaza"',
    developer: 'Shwe Taung',
    location: 'Kamayut',
    state: 'Yangon Region',
  });
  hidden = await insertProject(t.database, 8, { retiredAt: new Date() });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const python = (script: string, input: string | Buffer) =>
  execFileSync('python3', ['-c', script], { input, encoding: 'utf8' }).trim();

describe('site files', () => {
  it('robots.txt is plain text naming the sitemap and keeping crawlers out of private areas', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    // Python's own robots.txt parser (urllib.robotparser) reads it as crawlers do.
    const verdicts = python(
      `import sys, urllib.robotparser as r
p = r.RobotFileParser(); p.parse(sys.stdin.read().splitlines())
for u in ['/', '/project-list', '/project-detail/7', '/api/open-data/projects.csv', '/api/user/profile', '/admin/users', '/user/dashboard', '/service-requests/track/abc']:
    print(u, p.can_fetch('*', 'https://hpbc.example.gov.mm' + u))
print('sitemaps', p.site_maps())`,
      res.body,
    );
    expect(verdicts.split('\n')).toEqual([
      '/ True',
      '/project-list True',
      '/project-detail/7 True',
      '/api/open-data/projects.csv True',
      '/api/user/profile False',
      '/admin/users False',
      '/user/dashboard False',
      '/service-requests/track/abc False',
      "sitemaps ['https://hpbc.example.gov.mm/sitemap.xml']",
    ]);
  });

  it('sitemap.xml is XML listing the public pages and each public project, with an ETag and compression', async () => {
    const res = await t.app.inject({ url: '/sitemap.xml', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.etag).toMatch(/^"[\w-]{27}"$/);
    // Python's XML parser, after gunzip: the document as a crawler reads it.
    const locs = python(
      `import sys, gzip, xml.etree.ElementTree as ET
root = ET.fromstring(gzip.decompress(sys.stdin.buffer.read()))
assert root.tag == '{http://www.sitemaps.org/schemas/sitemap/0.9}urlset', root.tag
for loc in root.iter('{http://www.sitemaps.org/schemas/sitemap/0.9}loc'): print(loc.text)`,
      res.rawPayload,
    ).split('\n');
    expect(locs).toEqual([
      ...PUBLIC_PAGES.map((p) => `https://hpbc.example.gov.mm${p}`),
      `https://hpbc.example.gov.mm/project-detail/${tower}`,
    ]);
    expect(locs).not.toContain(`https://hpbc.example.gov.mm/project-detail/${hidden}`);
    const again = await t.app.inject({ url: '/sitemap.xml', headers: { 'if-none-match': res.headers.etag! } });
    expect(again.statusCode).toBe(304);
  });

  it('the web app manifest is installable: names in the reader’s language, start URL, display, colours, 192 and 512 px PNG icons', async () => {
    for (const [headers, lang, name] of [
      [{}, 'en', 'HPBC – High-rise and Public Building projects Committee'],
      [{ 'accept-language': 'my' }, 'my', 'HPBC – အထပ်မြင့်နှင့် အများပြည်သူသုံး အဆောက်အအုံ စီမံကိန်းများ ကော်မတီ'],
      [
        { 'accept-language': 'my', cookie: 'hpbc_lang=en' },
        'en',
        'HPBC – High-rise and Public Building projects Committee',
      ],
    ] as [Record<string, string>, string, string][]) {
      const res = await t.app.inject({ url: '/manifest.webmanifest', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
      const manifest = res.json();
      expect(manifest).toMatchObject({ name, short_name: 'HPBC', lang, start_url: '/', display: 'standalone' });
      expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
      for (const size of [192, 512]) {
        const icon = manifest.icons.find((i: { sizes: string }) => i.sizes === `${size}x${size}`);
        const png = await t.app.inject({ url: icon.src });
        expect(png.statusCode, icon.src).toBe(200);
        expect(png.headers['content-type']).toBe('image/png');
        // The PNG's own header (IHDR) says its size.
        expect([png.rawPayload.readUInt32BE(16), png.rawPayload.readUInt32BE(20)]).toEqual([size, size]);
      }
      expect(manifest.icons.some((i: { purpose: string }) => i.purpose === 'maskable')).toBe(true);
    }
  });

  it('favicon.ico is an icon file holding PNG images', async () => {
    const res = await t.app.inject({ url: '/favicon.ico' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/(vnd\.microsoft\.icon|x-icon)/);
    const ico = res.rawPayload;
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const count = ico.readUInt16LE(4);
    expect(count).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < count; i++) {
      const offset = ico.readUInt32LE(6 + 16 * i + 12);
      expect(ico.subarray(offset, offset + 8).toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
    }
  });

  it('security.txt has the fields of RFC 9116, with an expiry that moves with the clock', async () => {
    for (const at of ['2026-11-25T10:00:00Z', '2031-02-01T00:00:00Z']) {
      t.clock.now = new Date(at);
      const res = await t.app.inject({ url: '/.well-known/security.txt' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      const fields: Record<string, string> = Object.fromEntries(
        res.body
          .trim()
          .split('\n')
          .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
      );
      expect(fields.Contact).toBe('mailto:contact@hpbc.local');
      expect(fields.Canonical).toBe('https://hpbc.example.gov.mm/.well-known/security.txt');
      expect(fields['Preferred-Languages']).toBe('en, my');
      // ISO 8601 as RFC 9116 asks, in the future, and less than a year ahead.
      expect(fields.Expires).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      const days = (Date.parse(fields.Expires!) - t.clock.now.getTime()) / 86_400_000;
      expect(days).toBeGreaterThan(30);
      expect(days).toBeLessThan(365);
    }
    t.clock.now = new Date();
  });

  it('none of them is the HTML app', async () => {
    for (const url of [
      '/robots.txt',
      '/sitemap.xml',
      '/manifest.webmanifest',
      '/.well-known/security.txt',
      '/favicon.ico',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).not.toMatch(/html/);
      expect(res.body, url).not.toContain('<div id="root">');
    }
  });
});

/**
 * The served page as a link preview or a crawler reads it: Python's HTML parser collects
 * `<html lang>`, the title, every `<meta>` and the canonical link.
 */
const READ_HEAD = `import sys, json
from html.parser import HTMLParser
class Head(HTMLParser):
    def __init__(self):
        super().__init__(); self.out = {'meta': {}}; self.in_title = False
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == 'html': self.out['lang'] = a.get('lang')
        if tag == 'title': self.in_title = True; self.out['title'] = ''
        if tag == 'meta' and 'content' in a: self.out['meta'][a.get('property') or a.get('name')] = a['content']
        if tag == 'link' and a.get('rel') == 'canonical': self.out['canonical'] = a.get('href')
    def handle_endtag(self, tag):
        if tag == 'title': self.in_title = False
    def handle_data(self, data):
        if self.in_title: self.out['title'] += data
h = Head(); h.feed(sys.stdin.read()); print(json.dumps(h.out))`;

async function page(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ url, headers });
  const head = JSON.parse(python(READ_HEAD, res.body)) as {
    lang: string;
    title: string;
    canonical?: string;
    meta: Record<string, string | undefined>;
  };
  const meta = (property: string) => head.meta[property];
  return {
    res,
    lang: head.lang,
    title: head.title,
    description: meta('description'),
    canonical: head.canonical,
    og: {
      title: meta('og:title'),
      description: meta('og:description'),
      url: meta('og:url'),
      locale: meta('og:locale'),
      siteName: meta('og:site_name'),
      image: meta('og:image'),
    },
  };
}

describe('each page in its language', () => {
  it('a project’s page carries its own name and details, in English', async () => {
    const p = await page(`/project-detail/${tower}`, { 'accept-language': 'en-GB,en;q=0.9' });
    expect(p.res.statusCode).toBe(200);
    expect(p.res.headers['content-language']).toBe('en');
    expect(p.lang).toBe('en');
    expect(p.title).toBe('ရွှေတောင် <Tower> & "Plaza" | HPBC');
    expect(p.og).toEqual({
      title: 'ရွှေတောင် <Tower> & "Plaza" | HPBC',
      description: 'Developer: Shwe Taung · Kamayut, Yangon Region · Status: Active',
      url: `https://hpbc.example.gov.mm/project-detail/${tower}`,
      locale: 'en_US',
      siteName: 'High-rise and Public Building projects Committee',
      image: 'https://hpbc.example.gov.mm/icon-512.png',
    });
    expect(p.canonical).toBe(`https://hpbc.example.gov.mm/project-detail/${tower}`);
    expect(p.description).toBe(p.og.description);
    // The name's markup characters are text, not tags.
    expect(p.res.body).not.toContain('<Tower>');
  });

  it('a project’s page in Burmese: by Accept-Language, and by the language switch’s cookie over it', async () => {
    const asked: Record<string, string>[] = [
      { 'accept-language': 'my' },
      { 'accept-language': 'en', cookie: 'a=1; hpbc_lang=my' },
    ];
    for (const headers of asked) {
      const p = await page(`/Project-Detail/${tower}/`, headers);
      expect(p.res.statusCode).toBe(200);
      expect(p.lang).toBe('my');
      expect(p.title).toBe('ရွှေတောင် <Tower> & "Plaza" | HPBC');
      expect(p.og.description).toBe('ဆောက်လုပ်ရေး လုပ်ငန်းရှင်: Shwe Taung · Kamayut၊ Yangon Region · အခြေအနေ: ဆောင်ရွက်ဆဲ');
      expect(p.og.locale).toBe('my_MM');
      expect(p.og.siteName).toBe('အထပ်မြင့်နှင့် အများပြည်သူသုံး အဆောက်အအုံ စီမံကိန်းများ ကော်မတီ');
      expect(p.canonical).toBe(`https://hpbc.example.gov.mm/project-detail/${tower}`);
    }
  });

  it('a public page has its own title per language; other pages only their language; a missing page no tags', async () => {
    const en = await page('/project-list?page=2');
    expect([en.lang, en.title, en.og.title, en.canonical]).toEqual([
      'en',
      'Project List | HPBC',
      'Project List | HPBC',
      'https://hpbc.example.gov.mm/project-list',
    ]);
    expect(en.description).toBe('HPBC reviews the designs.');
    const my = await page('/project-list', { cookie: 'hpbc_lang=my' });
    expect([my.lang, my.title, my.og.locale]).toEqual(['my', 'စီမံကိန်းစာရင်း | HPBC', 'my_MM']);
    const login = await page('/login', { 'accept-language': 'my' });
    expect([login.lang, login.title, login.canonical, login.og.title]).toEqual(['my', 'HPBC', undefined, undefined]);
    const missing = await page(`/project-detail/${hidden}`, { 'accept-language': 'my' });
    expect(missing.res.statusCode).toBe(404);
    expect([missing.lang, missing.title, missing.og.title]).toEqual(['my', 'HPBC', undefined]);
    // An unknown cookie value falls back to Accept-Language.
    expect((await page('/project-list', { cookie: 'hpbc_lang=fr', 'accept-language': 'my' })).lang).toBe('my');
  });
});

// The committed icons are what scripts/make-icons.mjs draws from favicon.svg.
it('keeps the PNG icons at their declared sizes', () => {
  for (const [file, size] of [
    ['icon-192.png', 192],
    ['icon-512.png', 512],
    ['icon-maskable-512.png', 512],
  ] as const) {
    const png = readFileSync(path.join(PUBLIC_DIR, file));
    expect([png.readUInt32BE(16), png.readUInt32BE(20)], file).toEqual([size, size]);
  }
});
