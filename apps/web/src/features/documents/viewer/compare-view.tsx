import { useEffect, useRef, useState } from 'react';
import type { Locale } from '@hpbc/shared';
import { Button } from '../../../components/ui/button';
import { LoadFailed, LoadingBlock } from '../../../components/ui/load-states';
import { formatNumber } from '../../../lib/format';
import { useTranslation } from '../../../lib/translation';
import { drawForEffect, renderPage, type PDFDocumentProxy } from './pdf';
import { useFrameWidth, usePdf } from './drawing-viewer';
import { combine } from './overlay';

interface Side {
  source: { url: string; headers: Record<string, string> };
  name: string;
}

async function drawTo(pdf: PDFDocumentProxy, page: number, width: number): Promise<HTMLCanvasElement | null> {
  if (page > pdf.numPages) return null;
  const canvas = document.createElement('canvas');
  const { task } = await renderPage(pdf, page, canvas, width, 1);
  await task.promise;
  return canvas;
}

function Overlay({
  older,
  newer,
  page,
  width,
  locale,
}: {
  older: PDFDocumentProxy;
  newer: PDFDocumentProxy;
  page: number;
  width: number;
  locale: Locale;
}) {
  const { t } = useTranslation('documents');
  const ref = useRef<HTMLCanvasElement>(null);
  // The share of changed pixels, for the pages it was computed for (null while computing).
  const key = `${page}|${width}`;
  const [result, setResult] = useState<{ key: string; changed: number } | null>(null);
  const changed = result?.key === key ? result.changed : null;
  useEffect(() => {
    let cancelled = false;
    // Drawn at twice the shown width for fine lines, both pages at the same pixel size.
    const px = Math.round(width * Math.min(2, window.devicePixelRatio || 1));
    void Promise.all([drawTo(older, page, px), drawTo(newer, page, px)]).then(([a, b]) => {
      const out = ref.current;
      if (cancelled || !out) return;
      const w = Math.max(a?.width ?? 0, b?.width ?? 0);
      const h = Math.max(a?.height ?? 0, b?.height ?? 0);
      if (!w || !h) return;
      out.width = w;
      out.height = h;
      out.style.width = `${width}px`;
      out.style.height = `${(width * h) / w}px`;
      const ctx = out.getContext('2d')!;
      const blank = ctx.createImageData(w, h);
      const read = (c: HTMLCanvasElement | null) => {
        if (!c) return blank;
        const scratch = document.createElement('canvas');
        scratch.width = w;
        scratch.height = h;
        const s = scratch.getContext('2d')!;
        s.fillStyle = '#fff';
        s.fillRect(0, 0, w, h);
        s.drawImage(c, 0, 0);
        return s.getImageData(0, 0, w, h);
      };
      const result = ctx.createImageData(w, h);
      const n = combine(read(a), read(b), result);
      ctx.putImageData(result, 0, 0);
      setResult({ key: `${page}|${width}`, changed: n / (w * h) });
    });
    return () => {
      cancelled = true;
    };
  }, [older, newer, page, width]);
  return (
    <figure className="space-y-2">
      <div className="overflow-hidden rounded border border-slate-300 bg-white">
        <canvas
          ref={ref}
          role="img"
          aria-label={t('compare.overlayImage')}
          data-testid="overlay-canvas"
          className="mx-auto block"
        />
      </div>
      <figcaption className="flex flex-wrap gap-4 text-sm text-slate-800">
        <span className="inline-flex items-center gap-1">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-red-700" /> {t('compare.onlyOlder')}
        </span>
        <span className="inline-flex items-center gap-1">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-blue-700" /> {t('compare.onlyNewer')}
        </span>
        <span className="inline-flex items-center gap-1">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-slate-400" /> {t('compare.unchanged')}
        </span>
        <span role="status" data-testid="overlay-changed">
          {changed === null
            ? t('compare.working')
            : changed === 0
              ? t('compare.identical')
              : t('compare.changedShare', {
                  share: formatNumber(Math.max(0.1, Math.round(changed * 1000) / 10), locale),
                })}
        </span>
      </figcaption>
    </figure>
  );
}

function SidePage({ pdf, page, width, label }: { pdf: PDFDocumentProxy; page: number; width: number; label: string }) {
  const { t } = useTranslation('documents');
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || page > pdf.numPages) return;
    return drawForEffect(pdf, page, el, width);
  }, [pdf, page, width]);
  return (
    <figure className="min-w-0 flex-1 space-y-1">
      <figcaption className="font-semibold text-slate-900">{label}</figcaption>
      <div className="overflow-hidden rounded border border-slate-300 bg-white">
        {page > pdf.numPages ? (
          <p className="p-4 text-slate-700">{t('compare.noSuchPage')}</p>
        ) : (
          <canvas ref={ref} aria-label={label} role="img" className="mx-auto block" />
        )}
      </div>
    </figure>
  );
}

/**
 * Two revisions of a sheet (issue 25), page by page: side by side, or one overlay that shows
 * what changed (the older in red, the newer in blue, unchanged in grey).
 */
export function CompareView({ older, newer, locale }: { older: Side; newer: Side; locale: Locale }) {
  const { t } = useTranslation('documents');
  const a = usePdf(older.source);
  const b = usePdf(newer.source);
  const [mode, setMode] = useState<'overlay' | 'side'>('overlay');
  const [page, setPage] = useState(1);
  const frame = useRef<HTMLDivElement>(null);
  // The pages are drawn at the width they are shown: nothing scrolls, so no region needs the
  // keyboard (axe: scrollable-region-focusable).
  const width = useFrameWidth(frame, 0);

  const pages = Math.max(a.pdf?.numPages ?? 0, b.pdf?.numPages ?? 0);
  const sideBySide = width >= 640;
  return (
    <div ref={frame} className="space-y-3" data-testid="compare-view">
      <div className="flex flex-wrap items-center gap-2">
        <div
          role="radiogroup"
          aria-label={t('compare.mode')}
          className="inline-flex rounded-md border border-slate-300"
        >
          {(['overlay', 'side'] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="radio"
              aria-checked={mode === m}
              onClick={() => setMode(m)}
              className={`min-h-11 px-3 text-sm font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400 ${mode === m ? 'bg-blue-800 text-white' : 'bg-white text-slate-900'}`}
            >
              {t(`compare.${m}`)}
            </button>
          ))}
        </div>
        <Button size="sm" variant="secondary" onClick={() => setPage((p) => Math.max(1, p - 1))} disabled={page <= 1}>
          {t('viewer.previous')}
        </Button>
        <span className="text-sm text-slate-800" aria-live="polite">
          {t('compare.pageOf', { n: formatNumber(page, locale), total: formatNumber(pages, locale) })}
        </span>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setPage((p) => Math.min(pages, p + 1))}
          disabled={page >= pages}
        >
          {t('viewer.next')}
        </Button>
      </div>
      {(a.error || b.error) && (
        <LoadFailed
          message={t('viewer.failed')}
          retryLabel={t('viewer.retry')}
          onRetry={() => {
            a.retry();
            b.retry();
          }}
        />
      )}
      {!a.error && !b.error && (!a.pdf || !b.pdf) && <LoadingBlock label={t('viewer.loading')} />}
      {a.pdf &&
        b.pdf &&
        width > 0 &&
        (mode === 'overlay' ? (
          <Overlay older={a.pdf} newer={b.pdf} page={page} width={width} locale={locale} />
        ) : (
          <div className={sideBySide ? 'flex gap-3' : 'space-y-3'}>
            <SidePage pdf={a.pdf} page={page} width={sideBySide ? (width - 14) / 2 : width} label={older.name} />
            <SidePage pdf={b.pdf} page={page} width={sideBySide ? (width - 14) / 2 : width} label={newer.name} />
          </div>
        ))}
    </div>
  );
}

export default CompareView;
