import { useEffect } from 'react';

/**
 * Blocks Ctrl/Cmd+S and Ctrl/Cmd+P while a document is shown (specification section 2).
 * This only deters: keys pressed inside the browser's own PDF viewer never reach the
 * page, and the PDF is a public file anyone can fetch. See docs/decisions.
 */
export function useBlockSavePrint(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    function onKeyDown(event: KeyboardEvent) {
      if ((event.ctrlKey || event.metaKey) && /^[sp]$/i.test(event.key)) event.preventDefault();
    }
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [active]);
}
