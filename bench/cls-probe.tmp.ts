import { chromium } from 'playwright';
import { startPortal } from './lib/portal';
const portal = await startPortal({});
try {
  const res = await fetch(`${portal.url}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'national@hpbc.test', password: 'DemoPass!2025', remember: false, type: 'user' }) });
  const { token } = (await res.json()) as { token: string };
  const q = await fetch(`${portal.url}/api/reviews`, { headers: { authorization: `Bearer ${token}` } });
  const qb = (await q.json()) as { data: { id: number }[] };
  const id = qb.data[0]!.id;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  const page = await ctx.newPage();
  await page.goto(`${portal.url}/favicon.svg`);
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    (window as any).__shifts = [];
    new PerformanceObserver((l) => {
      for (const e of l.getEntries() as any[]) {
        (window as any).__shifts.push({ t: Math.round(e.startTime), v: e.value, src: (e.sources || []).map((s: any) => ({ n: s.node ? (s.node.outerHTML || '').slice(0, 160) : null, p: [s.previousRect.y, s.previousRect.height], c: [s.currentRect.y, s.currentRect.height] })) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`${portal.url}/user/national/reviews/${id}`);
  await page.waitForTimeout(8000);
  console.log(JSON.stringify(await page.evaluate(() => (window as any).__shifts), null, 1));
  await page.screenshot({ path: '/tmp/cls/review.png', fullPage: false });
  await browser.close();
} finally { await portal.stop(); }
