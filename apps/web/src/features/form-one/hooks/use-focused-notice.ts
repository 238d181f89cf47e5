import { useEffect, useRef, useState } from 'react';

/**
 * A message about something that just left the page (a deleted row): shown, and given
 * the focus, since the button that was focused went away with the row.
 */
export function useFocusedNotice() {
  const [notice, setNotice] = useState<string | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) ref.current?.focus();
  }, [notice]);
  return { notice, setNotice, ref };
}
