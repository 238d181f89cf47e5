import { useEffect } from 'react';
import { PRODUCT } from '@hpbc/shared/product';

/** Sets the tab title to "<page> | HPBC" (or just "HPBC"); pass an already translated title. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT.short}` : PRODUCT.short;
  }, [title]);
}
