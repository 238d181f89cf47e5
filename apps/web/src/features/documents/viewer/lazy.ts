import { lazy } from 'react';

/**
 * The viewer and the comparison with pdf.js, each loaded only when a sheet is opened: pdf.js
 * (about 130 KiB gzipped, and its worker) enters no page's own script (docs/decisions/073).
 */
export const LazyDrawingViewer = lazy(() => import('./drawing-viewer'));
export const LazyCompareView = lazy(() => import('./compare-view'));
