import type { UrlStorage, PreviousUpload } from 'tus-js-client';
import { UPLOADS_KEY } from '../../../lib/auth/per-user-storage';

/**
 * Where unfinished uploads are remembered between page loads: tus-js-client's resume URLs
 * and the sheet each file was typed as, under one localStorage key (listed in
 * lib/auth/per-user-storage.ts, so a logout forgets them). The browser cannot keep a chosen
 * file across a reload; when the same file is picked again, its fingerprint finds the URL
 * and the upload continues from the server's offset (docs/decisions/072).
 */

export interface RememberedSheet {
  registrationId: number;
  discipline: string;
  kind: string;
  number: string;
  title: string;
  fileName: string;
  size: number;
  /** The finished upload, kept until it is a document (its attach may wait for the connection, decision 135). */
  uploadUrl?: string;
}

interface Stored {
  uploads: Record<string, { fingerprint: string; upload: Omit<PreviousUpload, 'urlStorageKey'> }>;
  sheets: Record<string, RememberedSheet>;
}

function read(): Stored {
  try {
    const parsed = JSON.parse(localStorage.getItem(UPLOADS_KEY) ?? '{}') as Partial<Stored>;
    return { uploads: parsed.uploads ?? {}, sheets: parsed.sheets ?? {} };
  } catch {
    return { uploads: {}, sheets: {} };
  }
}

function write(s: Stored): void {
  try {
    localStorage.setItem(UPLOADS_KEY, JSON.stringify(s));
  } catch {
    // Storage full or refused: the upload still runs, it only cannot resume after a reload.
  }
}

export const uploadStorage: UrlStorage = {
  findAllUploads: () =>
    Promise.resolve(Object.entries(read().uploads).map(([key, v]) => ({ ...v.upload, urlStorageKey: key }))),
  findUploadsByFingerprint: (fingerprint) =>
    Promise.resolve(
      Object.entries(read().uploads)
        .filter(([, v]) => v.fingerprint === fingerprint)
        .map(([key, v]) => ({ ...v.upload, urlStorageKey: key })),
    ),
  removeUpload: (key) => {
    const s = read();
    delete s.uploads[key];
    write(s);
    return Promise.resolve();
  },
  addUpload: (fingerprint, upload) => {
    const s = read();
    const key = `${fingerprint}::${Date.now().toString(36)}`;
    const { urlStorageKey: _ignored, ...rest } = upload;
    s.uploads[key] = { fingerprint, upload: rest };
    write(s);
    return Promise.resolve(key);
  },
};

/** A file's identity for resuming: the account, its name, size and last change. */
export function fileFingerprint(file: File, userId: number | string): string {
  return ['hpbc', userId, file.name, file.type, file.size, file.lastModified].join('|');
}

export function rememberSheet(fingerprint: string, sheet: RememberedSheet): void {
  const s = read();
  s.sheets[fingerprint] = sheet;
  write(s);
}

export function forgetSheet(fingerprint: string): void {
  const s = read();
  delete s.sheets[fingerprint];
  for (const [key, v] of Object.entries(s.uploads)) if (v.fingerprint === fingerprint) delete s.uploads[key];
  write(s);
}

export function rememberedSheet(fingerprint: string): RememberedSheet | undefined {
  return read().sheets[fingerprint];
}

/** The uploads of a registration that stopped before they finished (to offer picking the file again). */
export function unfinishedSheets(registrationId: number): (RememberedSheet & { fingerprint: string })[] {
  return Object.entries(read().sheets)
    .filter(([, v]) => v.registrationId === registrationId)
    .map(([fingerprint, v]) => ({ ...v, fingerprint }));
}
