import type * as PdfJs from 'pdfjs-dist';
import type { PDFDocumentLoadingTask, PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
// The worker is a file of our own build under /assets/: the CSP's worker-src 'self' allows it.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/**
 * pdf.js for the drawing viewer (docs/decisions/073). Only this module imports pdfjs-dist,
 * and only by a dynamic import when a file is opened: pdf.js (about 125 KiB gzipped) cannot
 * be made smaller and is its own chunk, fetched while the viewer's frame (toolbar, page
 * field, the loading note) already shows, so it is in no page's own script, not even the
 * viewer's (issue 31; docs/decisions/108).
 */
let engine: Promise<typeof PdfJs> | undefined;
function pdfjs() {
  engine ??= import('pdfjs-dist').then(
    (lib) => {
      lib.GlobalWorkerOptions.workerSrc = workerUrl;
      return lib;
    },
    (error: unknown) => {
      // Not kept when it failed (a dropped connection): the viewer's "Try again" fetches it anew.
      engine = undefined;
      throw error;
    },
  );
  return engine;
}

/** Bytes per Range request: a sheet's page is usually one or two of these. */
export const RANGE_CHUNK_BYTES = 256 * 1024;

export type { PDFDocumentProxy };

/**
 * Opens a PDF page by page: no streaming of the whole file and no fetching ahead, so a
 * 200-page set shows page 1 after its cross-reference table and that page's objects have
 * arrived, by Range requests (the API answers 206). No eval (the CSP forbids it).
 * `destroy` stops the loading (pdf.js's own task once it exists) and frees the document.
 */
export function openPdf(source: { url: string; headers: Record<string, string> }): {
  promise: Promise<PDFDocumentProxy>;
  destroy: () => Promise<void>;
} {
  let destroyed = false;
  let task: PDFDocumentLoadingTask | undefined;
  const promise = pdfjs().then((lib) => {
    if (destroyed) throw new Error('closed before pdf.js arrived');
    task = lib.getDocument({
      url: source.url,
      httpHeaders: source.headers,
      disableAutoFetch: true,
      disableStream: true,
      rangeChunkSize: RANGE_CHUNK_BYTES,
      isEvalSupported: false,
      enableXfa: false,
    });
    return task.promise;
  });
  return {
    promise,
    destroy: async () => {
      destroyed = true;
      await task?.destroy();
    },
  };
}

/** A page's size in PDF points (at scale 1). */
export async function pageSize(pdf: PDFDocumentProxy, pageNumber: number) {
  const page = await pdf.getPage(pageNumber);
  const { width, height } = page.getViewport({ scale: 1 });
  return { width, height };
}

/** The most canvas pixels one page is drawn with (memory on a phone). */
const MAX_PIXELS = 16_000_000;

/**
 * Draws a page into a canvas `cssWidth` CSS pixels wide (sharp on high-density screens).
 * Returns the render task so a newer render can cancel it.
 */
export async function renderPage(
  pdf: PDFDocumentProxy,
  pageNumber: number,
  canvas: HTMLCanvasElement,
  cssWidth: number,
  ratio = Math.min(2, window.devicePixelRatio || 1),
): Promise<{ task: RenderTask; cssHeight: number }> {
  const page = await pdf.getPage(pageNumber);
  const base = page.getViewport({ scale: 1 });
  let scale = (cssWidth / base.width) * ratio;
  if (base.width * base.height * scale * scale > MAX_PIXELS) {
    scale = Math.sqrt(MAX_PIXELS / (base.width * base.height));
  }
  const viewport = page.getViewport({ scale });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  const cssHeight = (cssWidth * base.height) / base.width;
  canvas.style.width = `${cssWidth}px`;
  canvas.style.height = `${cssHeight}px`;
  // pdf.js 5 takes the canvas itself (`canvasContext` is only its fallback) and paints the page's
  // paper white before drawing. Left to itself it asks for an opaque context, whose bitmap turns
  // black each time the size above is set (a zoom, a turned phone) until the page is drawn again:
  // the canvas's first context decides, so a transparent one is asked for first (white behind it).
  canvas.getContext('2d', { alpha: true });
  const task = page.render({ canvas, viewport, background: '#ffffff' });
  return { task, cssHeight };
}

/**
 * Draws a page into a canvas for as long as an effect shows it (renderPage's sizes): returns
 * the effect's clean-up, which cancels a drawing not yet finished when the page, its width or
 * the component changes. A cancelled drawing's rejection is expected, so it is ignored.
 */
export function drawForEffect(
  pdf: PDFDocumentProxy,
  pageNumber: number,
  canvas: HTMLCanvasElement,
  cssWidth: number,
  ratio?: number,
): () => void {
  let cancelled = false;
  let cancel: (() => void) | undefined;
  void renderPage(pdf, pageNumber, canvas, cssWidth, ratio).then(({ task }) => {
    if (cancelled) task.cancel();
    cancel = () => task.cancel();
    task.promise.catch(() => undefined);
  });
  return () => {
    cancelled = true;
    cancel?.();
  };
}
