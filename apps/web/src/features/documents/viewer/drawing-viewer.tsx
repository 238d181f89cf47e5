import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
} from 'react';
import type { Locale } from '@hpbc/shared';
import { Button } from '../../../components/ui/button';
import { LoadFailed, LoadingBlock } from '../../../components/ui/load-states';
import { useWhenNear } from '../../../components/ui/when-near';
import { formatNumber } from '../../../lib/format';
import { useTranslation } from '../../../lib/translation';
import { drawForEffect, openPdf, renderPage, type PDFDocumentProxy } from './pdf';

export interface ViewerPin {
  id: number | string;
  page: number;
  x: number;
  y: number;
  /** The number shown on the pin (its place in the comment list). */
  label: string;
  resolved?: boolean;
  /** The pin being placed (moved with the arrow keys). */
  pending?: boolean;
}

export interface ViewerProps {
  source: { url: string; headers: Record<string, string> };
  /** What is shown, for the screen reader ("A-101 rev B"). */
  name: string;
  locale: Locale;
  page?: number;
  onPageChange?: (page: number) => void;
  pins?: ViewerPin[];
  /** When given, a click (or Enter on the pending pin) on the page places a pin there. */
  onPlace?: (place: { page: number; x: number; y: number }) => void;
  onPinSelect?: (id: ViewerPin['id']) => void;
}

const ZOOMS = [0.5, 0.75, 1, 1.5, 2, 3, 4];
const clamp = (v: number) => Math.min(1, Math.max(0, v));

/** Opens a PDF with pdf.js and keeps it for the component's life. */
export function usePdf(source: ViewerProps['source']) {
  const [attempt, setAttempt] = useState(0);
  const { url } = source;
  const headers = JSON.stringify(source.headers);
  // What was opened, for which file and attempt: a new source shows loading until it opens.
  const key = `${url}|${attempt}`;
  const [state, setState] = useState<{ key: string; pdf?: PDFDocumentProxy; error?: boolean } | null>(null);
  useEffect(() => {
    const task = openPdf({ url, headers: JSON.parse(headers) as Record<string, string> });
    task.promise.then(
      (pdf) => setState({ key: `${url}|${attempt}`, pdf }),
      () => setState({ key: `${url}|${attempt}`, error: true }),
    );
    return () => void task.destroy();
  }, [url, headers, attempt]);
  const current = state?.key === key ? state : null;
  return { pdf: current?.pdf, error: current?.error, retry: () => setAttempt((a) => a + 1) };
}

/**
 * The width pages are drawn at inside `frame`: its width less its 1 px border each side, never
 * below `floor`, measured before paint and again as the layout changes it (a phone turned, a
 * sidebar opened). The viewer and the comparison both draw their pages at this width. `key` is
 * what the frame comes with when it is not drawn from the start (the viewer's page area comes
 * with its PDF).
 */
export function useFrameWidth(frame: RefObject<HTMLElement | null>, floor: number, key?: unknown): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = frame.current;
    if (!el) return;
    const measure = () => setWidth(Math.max(floor, el.clientWidth - 2));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [frame, floor, key]);
  return width;
}

/** A page drawn once it scrolls into view (thumbnails: a 200-page set fetches only what is seen). */
function Thumbnail({ pdf, page, width }: { pdf: PDFDocumentProxy; page: number; width: number }) {
  const ref = useRef<HTMLCanvasElement>(null);
  // The page's shared "when near" (components/ui/when-near.tsx, decision 122): in view, not before.
  const near = useWhenNear(ref, { idle: false, margin: '0px' });
  useEffect(() => {
    const canvas = ref.current;
    if (!near || !canvas) return;
    return drawForEffect(pdf, page, canvas, width, 1);
  }, [pdf, page, width, near]);
  return <canvas ref={ref} aria-hidden="true" className="block bg-white" style={{ width, height: width * 1.41 }} />;
}

/**
 * The drawing viewer (issue 25): page by page, thumbnails, zoom and pan (drag with a mouse,
 * scroll or swipe by touch), and pinned comments over the page. Focus and keys: the page
 * field, Page Up/Down and +/- on the page area; a pending pin moves with the arrow keys.
 */
export function DrawingViewer({
  source,
  name,
  locale,
  page: controlledPage,
  onPageChange,
  pins = [],
  onPlace,
  onPinSelect,
}: ViewerProps) {
  const { t } = useTranslation('documents');
  const { pdf, error, retry } = usePdf(source);
  const [ownPage, setOwnPage] = useState(1);
  const page = controlledPage ?? ownPage;
  const [zoom, setZoom] = useState(1);
  const [rendering, setRendering] = useState(false);
  // The page field while it is being typed in (otherwise it shows the page).
  const [typed, setTyped] = useState<string | null>(null);
  const pageText = typed ?? String(page);
  const frame = useRef<HTMLDivElement>(null);
  // The page area's width follows the layout; it is drawn once the PDF is open.
  const width = useFrameWidth(frame, 200, pdf);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const drag = useRef<{ x: number; y: number; left: number; top: number; moved: boolean } | null>(null);
  const ids = { page: useId(), status: useId() };
  const count = pdf?.numPages ?? 0;

  const goTo = useCallback(
    (n: number) => {
      if (!count) return;
      const next = Math.min(count, Math.max(1, n));
      setOwnPage(next);
      onPageChange?.(next);
    },
    [count, onPageChange],
  );

  useEffect(() => {
    const el = canvas.current;
    if (!pdf || !el || !width) return;
    let cancelled = false;
    let cancel: (() => void) | undefined;
    setRendering(true);
    void renderPage(pdf, page, el, width * zoom).then(({ task, cssHeight }) => {
      if (cancelled) {
        task.cancel();
        return;
      }
      cancel = () => task.cancel();
      setSize({ width: width * zoom, height: cssHeight });
      task.promise.then(
        () => !cancelled && setRendering(false),
        () => undefined,
      );
    });
    return () => {
      cancelled = true;
      cancel?.();
    };
  }, [pdf, page, width, zoom]);

  function pointFrom(e: { clientX: number; clientY: number }) {
    const rect = canvas.current!.getBoundingClientRect();
    return { x: clamp((e.clientX - rect.left) / rect.width), y: clamp((e.clientY - rect.top) / rect.height) };
  }

  function onPointerDown(e: PointerEvent<HTMLDivElement>) {
    if (e.pointerType !== 'mouse' || e.button !== 0) return;
    const el = frame.current!;
    drag.current = { x: e.clientX, y: e.clientY, left: el.scrollLeft, top: el.scrollTop, moved: false };
  }
  function onPointerMove(e: PointerEvent<HTMLDivElement>) {
    const d = drag.current;
    if (!d) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (Math.abs(dx) + Math.abs(dy) > 4) d.moved = true;
    frame.current!.scrollLeft = d.left - dx;
    frame.current!.scrollTop = d.top - dy;
  }
  function onPointerUp() {
    // A drag ends without a click reaching the page (so no pin is placed by panning).
    setTimeout(() => (drag.current = null), 0);
  }

  function onPageClick(e: React.MouseEvent<HTMLDivElement>) {
    if (!onPlace || drag.current?.moved || (e.target as HTMLElement).closest('button')) return;
    onPlace({ page, ...pointFrom(e) });
  }

  function onKey(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key === 'PageDown') goTo(page + 1);
    else if (e.key === 'PageUp') goTo(page - 1);
    else if (e.key === '+' || e.key === '=') setZoom((z) => ZOOMS.find((v) => v > z) ?? z);
    else if (e.key === '-') setZoom((z) => [...ZOOMS].reverse().find((v) => v < z) ?? z);
    else return;
    e.preventDefault();
  }

  function onPendingKey(e: KeyboardEvent<HTMLButtonElement>, pin: ViewerPin) {
    const step = e.shiftKey ? 0.1 : 0.02;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const m = moves[e.key];
    if (!m || !onPlace) return;
    e.preventDefault();
    e.stopPropagation();
    onPlace({ page, x: clamp(pin.x + m[0]), y: clamp(pin.y + m[1]) });
  }

  if (error) return <LoadFailed message={t('viewer.failed')} retryLabel={t('viewer.retry')} onRetry={retry} />;
  if (!pdf) return <LoadingBlock label={t('viewer.loading')} />;

  const onPage = pins.filter((p) => p.page === page);
  const percent = (v: number) => formatNumber(Math.round(v * 100), locale);

  return (
    <div className="flex flex-col gap-3 lg:flex-row" data-testid="drawing-viewer" data-page={page} data-pages={count}>
      <nav aria-label={t('viewer.thumbnails')} className="order-2 lg:order-1 lg:w-32 lg:shrink-0">
        <ol className="flex gap-2 overflow-x-auto pb-1 lg:max-h-[70vh] lg:flex-col lg:overflow-x-visible lg:overflow-y-auto">
          {Array.from({ length: count }, (_, i) => i + 1).map((n) => (
            <li key={n} className="shrink-0">
              <button
                type="button"
                onClick={() => goTo(n)}
                aria-current={n === page ? 'page' : undefined}
                className={`block rounded border-2 p-0.5 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400 ${n === page ? 'border-blue-700' : 'border-slate-200'}`}
              >
                <Thumbnail pdf={pdf} page={n} width={88} />
                <span className="block text-center text-xs text-slate-800">
                  {t('viewer.pageShort', { n: formatNumber(n, locale) })}
                  {pins.some((p) => p.page === n) && <span aria-hidden="true"> •</span>}
                </span>
              </button>
            </li>
          ))}
        </ol>
      </nav>
      <div className="order-1 min-w-0 flex-1 space-y-2 lg:order-2">
        <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label={t('viewer.toolbar', { name })}>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => goTo(page - 1)}
            disabled={page <= 1}
            aria-label={t('viewer.previous')}
          >
            <span aria-hidden="true">‹</span>
          </Button>
          <form
            className="flex items-center gap-1"
            onSubmit={(e) => {
              e.preventDefault();
              const n = Number(pageText.replace(/[၀-၉]/g, (d) => String(d.charCodeAt(0) - 0x1040)));
              if (Number.isInteger(n)) goTo(n);
              setTyped(null);
            }}
          >
            <label htmlFor={ids.page} className="text-sm text-slate-800">
              {t('viewer.page')}
            </label>
            <input
              id={ids.page}
              inputMode="numeric"
              className="w-14 rounded border border-slate-400 px-2 py-1 text-center"
              value={pageText}
              onChange={(e) => setTyped(e.target.value)}
              onBlur={() => setTyped(null)}
            />
            <span className="text-sm text-slate-800">{t('viewer.of', { n: formatNumber(count, locale) })}</span>
          </form>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => goTo(page + 1)}
            disabled={page >= count}
            aria-label={t('viewer.next')}
          >
            <span aria-hidden="true">›</span>
          </Button>
          <span className="mx-1 hidden h-6 w-px bg-slate-300 sm:block" aria-hidden="true" />
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setZoom((z) => [...ZOOMS].reverse().find((v) => v < z) ?? z)}
            disabled={zoom <= ZOOMS[0]!}
            aria-label={t('viewer.zoomOut')}
          >
            <span aria-hidden="true">−</span>
          </Button>
          <output className="w-14 text-center text-sm text-slate-800" aria-live="polite" aria-label={t('viewer.zoom')}>
            {percent(zoom)}%
          </output>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setZoom((z) => ZOOMS.find((v) => v > z) ?? z)}
            disabled={zoom >= ZOOMS[ZOOMS.length - 1]!}
            aria-label={t('viewer.zoomIn')}
          >
            <span aria-hidden="true">+</span>
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setZoom(1)} disabled={zoom === 1}>
            {t('viewer.fit')}
          </Button>
        </div>
        <p id={ids.status} className="sr-only" aria-live="polite">
          {t('viewer.status', { name, n: formatNumber(page, locale), total: formatNumber(count, locale) })}
        </p>
        {/* The page area scrolls to pan, so it must take the focus (axe: scrollable-region-focusable);
            its keys turn pages and zoom, as the toolbar's buttons also do. */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
        <div
          ref={frame}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          role="region"
          aria-label={t('viewer.pageArea', { name })}
          aria-describedby={ids.status}
          onKeyDown={onKey}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerLeave={onPointerUp}
          className={`relative max-h-[75vh] overflow-auto overscroll-contain rounded border border-slate-300 bg-slate-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400 ${onPlace ? 'cursor-crosshair' : zoom > 1 ? 'cursor-grab' : ''}`}
        >
          {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
          <div
            className="relative mx-auto"
            style={{ width: size.width || undefined, height: size.height || undefined }}
            onClick={onPageClick}
          >
            <canvas ref={canvas} className="block bg-white" aria-hidden="true" />
            {onPage.map((pin) => (
              <button
                key={pin.id}
                type="button"
                data-testid={pin.pending ? 'pending-pin' : 'pin'}
                onClick={() => !pin.pending && onPinSelect?.(pin.id)}
                onKeyDown={(e) => pin.pending && onPendingKey(e, pin)}
                aria-label={
                  pin.pending
                    ? t('viewer.pendingPin', { x: percent(pin.x), y: percent(pin.y) })
                    : t('viewer.pin', { label: pin.label, state: pin.resolved ? t('pins.resolved') : t('pins.open') })
                }
                className={`absolute flex size-8 -translate-y-full items-center justify-center rounded-full rounded-bl-none border-2 border-white text-sm font-bold text-white shadow-md focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400 ${pin.pending ? 'animate-pulse bg-amber-600' : pin.resolved ? 'bg-slate-600' : 'bg-red-700'}`}
                style={{ left: `${pin.x * 100}%`, top: `${pin.y * 100}%` }}
              >
                {pin.label}
              </button>
            ))}
            {rendering && <span className="sr-only">{t('viewer.drawing')}</span>}
          </div>
        </div>
        {onPlace && (
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-sm text-slate-700">{t('viewer.placeHint')}</p>
            {!onPage.some((p) => p.pending) && (
              <Button size="sm" variant="secondary" onClick={() => onPlace({ page, x: 0.5, y: 0.5 })}>
                {t('viewer.placeCentre')}
              </Button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

export default DrawingViewer;
