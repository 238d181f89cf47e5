import { useState } from 'react';

/**
 * A file the API makes, fetched when a button is pressed (a PDF, a cover letter, a
 * signboard, a certificate): `busy` while it comes, and `failed` with what it failed with
 * (`{ error }`; null before a try and after a good one), so that each screen says why in its
 * own words. `start(fetchFile)` runs one fetch.
 */
export function useDownload() {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<{ error: unknown } | null>(null);
  async function start(fetchFile: () => Promise<unknown>) {
    setBusy(true);
    setFailed(null);
    try {
      await fetchFile();
    } catch (error) {
      setFailed({ error });
    } finally {
      setBusy(false);
    }
  }
  return { busy, failed, start };
}
