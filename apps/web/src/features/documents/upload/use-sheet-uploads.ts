import { useCallback, useEffect, useRef, useState } from 'react';
import type * as Tus from 'tus-js-client';
import type { DetailedError, Upload } from 'tus-js-client';
import type { Discipline } from '@hpbc/shared/counterpart-review';
import { ApiError, callUrl, TOKEN_KEY } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { MAX_DOCUMENT_MIB } from '@hpbc/shared/design-documents';
import { addDocument, documentsOf, type DesignDocument, type DocumentKind } from '../api/documents';
import {
  fileFingerprint,
  forgetSheet,
  rememberedSheet,
  rememberSheet,
  uploadStorage,
  type RememberedSheet,
} from './upload-storage';

/**
 * Several sheets uploaded at once over tus (docs/decisions/072): each file in 4 MiB
 * PATCHes, so a dropped mobile connection loses at most one chunk; retried with growing
 * pauses while the connection is away; resumed from the server's offset after a reload
 * when the same file is picked again. A finished upload becomes a document with one
 * POST /api/registrations/{id}/documents. That POST meeting a dropped connection keeps the
 * finished upload and is tried again, never the upload (docs/decisions/135).
 */

/** 'waiting': the file is on the server, its attach waits for the connection (decision 135). */
export type SheetState = 'ready' | 'uploading' | 'retrying' | 'saving' | 'waiting' | 'done' | 'failed';

export interface SheetRow {
  key: string;
  file: File;
  fingerprint: string;
  discipline: Discipline | '';
  kind: DocumentKind | '';
  number: string;
  title: string;
  state: SheetState;
  /** Bytes the server holds, 0–1. */
  progress: number;
  /** The finished upload, not yet a document: sending again only attaches it. */
  uploadUrl?: string;
  /** A failure of the file itself ('notPdf', 'tooBig', 'empty') or the server's message. */
  error?: { code?: 'notPdf' | 'tooBig' | 'empty' | 'network'; message?: string };
  fieldErrors?: Partial<Record<'discipline' | 'kind' | 'number' | 'title', string>>;
  document?: DesignDocument;
}

export const CHUNK_BYTES = 4 * 1024 * 1024;
/** Waits between retries while the connection is away: about two minutes in all. */
const RETRY_DELAYS = [0, 1000, 2000, 4000, 8000, 15000, 30000, 60000];

/** An attach failure worth trying again: no answer (status 0), the server busy or down. */
function tryAgain(err: unknown): boolean {
  if (!(err instanceof ApiError)) return true;
  return err.status === 0 || err.status === 408 || err.status === 429 || err.status >= 500;
}

/** A sheet number from a file name such as "A-101 Ground floor plan.pdf". */
export function numberFromName(name: string): string {
  const base = name.replace(/\.pdf$/i, '').trim();
  const m = /^([A-Za-z]{1,4}[-_. ]?\d{1,4}[A-Za-z]?)/.exec(base);
  return (m ? m[1]! : base).slice(0, 30).replace(/_/g, '-');
}

/** Checks the browser can make before sending a byte: a PDF by its first bytes, and its size. */
export async function precheck(file: File): Promise<SheetRow['error'] | undefined> {
  if (file.size === 0) return { code: 'empty' };
  if (file.size > MAX_DOCUMENT_MIB * 1024 * 1024) return { code: 'tooBig' };
  const head = new Uint8Array(await file.slice(0, 1024).arrayBuffer());
  const text = String.fromCharCode(...head);
  if (!text.includes('%PDF-')) return { code: 'notPdf' };
  return undefined;
}

let counter = 0;

export function useSheetUploads(registrationId: number, userId: number | string, onSaved: () => void) {
  const [rows, setRows] = useState<SheetRow[]>([]);
  const uploads = useRef(new Map<string, Upload>());
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  /** Rows whose attach is under way, and the timers of those waiting to try again. */
  const attaching = useRef(new Set<string>());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  /** Fingerprints whose attach went unanswered: the server may have made the document (decision 135). */
  const unanswered = useRef(new Set<string>());

  const patch = useCallback((key: string, change: Partial<SheetRow>) => {
    setRows((list) => list.map((r) => (r.key === key ? { ...r, ...change } : r)));
  }, []);

  /** Adds chosen files as rows, typed from what is remembered of an interrupted upload or from the name. */
  const addFiles = useCallback(
    async (files: File[], discipline: Discipline | '') => {
      const added: SheetRow[] = [];
      for (const file of files) {
        const fingerprint = fileFingerprint(file, userId);
        if (rowsRef.current.some((r) => r.fingerprint === fingerprint && r.state !== 'done')) continue;
        const remembered = rememberedSheet(fingerprint);
        // A finished upload of an earlier visit is only attached; whether that attach reached the server is unknown.
        if (remembered?.uploadUrl) unanswered.current.add(fingerprint);
        const error = await precheck(file);
        added.push({
          key: `sheet-${++counter}`,
          file,
          fingerprint,
          discipline: (remembered?.discipline as Discipline | undefined) ?? discipline,
          kind: (remembered?.kind as DocumentKind | undefined) ?? '',
          number: remembered?.number ?? numberFromName(file.name),
          title: remembered?.title ?? '',
          state: error ? 'failed' : 'ready',
          progress: remembered?.uploadUrl ? 1 : 0,
          uploadUrl: remembered?.uploadUrl,
          error,
        });
      }
      setRows((list) => [...list, ...added]);
    },
    [userId],
  );

  const remove = useCallback((key: string) => {
    const up = uploads.current.get(key);
    const row = rowsRef.current.find((r) => r.key === key);
    // Abort and remove the unfinished upload on the server (tus termination).
    if (up) void up.abort(true).catch(() => undefined);
    uploads.current.delete(key);
    clearTimeout(timers.current.get(key));
    if (row) forgetSheet(row.fingerprint);
    setRows((list) => list.filter((r) => r.key !== key));
  }, []);

  const update = useCallback(
    (key: string, change: Partial<Pick<SheetRow, 'discipline' | 'kind' | 'number' | 'title'>>) => {
      setRows((list) =>
        list.map((r) =>
          r.key === key
            ? {
                ...r,
                ...change,
                fieldErrors: Object.fromEntries(
                  Object.entries(r.fieldErrors ?? {}).filter(([f]) => !(f in change)),
                ) as SheetRow['fieldErrors'],
              }
            : r,
        ),
      );
    },
    [],
  );

  const sheetOf = (row: SheetRow): RememberedSheet => ({
    registrationId,
    discipline: row.discipline,
    kind: row.kind,
    number: row.number,
    title: row.title,
    fileName: row.file.name,
    size: row.file.size,
  });

  /** The document an unanswered attach made after all: the same sheet, of this file's size. */
  async function madeEarlier(row: SheetRow): Promise<DesignDocument | undefined> {
    return (await documentsOf(registrationId)).findLast(
      (d) =>
        (d.status === 'current' || d.status === 'proposed') &&
        d.discipline === row.discipline &&
        d.kind === row.kind &&
        d.number === row.number.trim() &&
        d.title === row.title.trim() &&
        d.size === row.file.size,
    );
  }

  function saved(row: SheetRow, document: DesignDocument) {
    forgetSheet(row.fingerprint);
    unanswered.current.delete(row.fingerprint);
    patch(row.key, { state: 'done', document, uploadUrl: undefined });
    onSaved();
  }

  /**
   * Makes the finished upload a document. Without an answer (or with a 5xx) the upload is
   * kept and the attach tried again: after RETRY_DELAYS' pauses, when the browser is online
   * again, or on Retry. Only an answer that the upload is used or invalid forgets it.
   */
  async function save(key: string, uploadUrl: string, attempt = 0) {
    const row = rowsRef.current.find((r) => r.key === key);
    if (!row || attaching.current.has(key)) return;
    attaching.current.add(key);
    clearTimeout(timers.current.get(key));
    rememberSheet(row.fingerprint, { ...sheetOf(row), uploadUrl });
    patch(key, { state: 'saving', progress: 1, uploadUrl, error: undefined, fieldErrors: undefined });
    const uploadId = uploadUrl.replace(/\/+$/, '').split('/').pop() ?? '';
    const body = {
      upload_id: uploadId,
      discipline: row.discipline as Discipline,
      kind: row.kind as DocumentKind,
      number: row.number.trim(),
      title: row.title.trim(),
    };
    try {
      let document: DesignDocument | undefined;
      try {
        document = await addDocument(registrationId, body);
      } catch (err) {
        // "Unknown upload" after a lost answer: that first attach may have made the document.
        const usedUp = err instanceof ApiError && err.status === 422 && !!err.errors?.upload_id;
        document = usedUp && unanswered.current.has(row.fingerprint) ? await madeEarlier(row) : undefined;
        if (!document) throw err;
      }
      saved(row, document);
    } catch (err) {
      if (tryAgain(err)) {
        unanswered.current.add(row.fingerprint);
        patch(key, { state: 'waiting' });
        const delay = RETRY_DELAYS[attempt + 1];
        if (delay !== undefined)
          timers.current.set(
            key,
            setTimeout(() => void retryRef.current(key, uploadUrl, attempt + 1), delay),
          );
        return;
      }
      const pick = (f: string) => (err instanceof ApiError ? err.errors?.[f]?.[0] : undefined);
      const fileError = pick('upload_id') ?? pick('file');
      if (err instanceof ApiError && err.status === 422 && err.errors) {
        const fieldErrors = {
          discipline: pick('discipline'),
          kind: pick('kind'),
          number: pick('number'),
          title: pick('title'),
        };
        // Only the sheet's fields are wrong: the upload stays, and sending again only attaches it.
        const uploadKept = !fileError && Object.values(fieldErrors).some(Boolean);
        if (!uploadKept) forgetSheet(row.fingerprint);
        patch(key, {
          state: 'failed',
          progress: uploadKept ? 1 : 0,
          uploadUrl: uploadKept ? uploadUrl : undefined,
          fieldErrors,
          error: uploadKept ? undefined : { message: fileError ?? err.message },
        });
      } else {
        // The upload is used, gone, or the registration no longer takes documents.
        forgetSheet(row.fingerprint);
        patch(key, {
          state: 'failed',
          progress: 0,
          uploadUrl: undefined,
          error: { message: (err as Error).message },
        });
      }
    } finally {
      attaching.current.delete(key);
    }
  }
  const retryRef = useRef(save);
  retryRef.current = save;

  /** Retry: the attach of a waiting row, now. */
  const retry = useCallback((key: string) => {
    const row = rowsRef.current.find((r) => r.key === key);
    if (row?.uploadUrl) void retryRef.current(key, row.uploadUrl);
  }, []);

  // The connection is back: the waiting attaches go at once.
  useEffect(() => {
    const online = () => {
      for (const row of rowsRef.current) if (row.state === 'waiting') retry(row.key);
    };
    window.addEventListener('online', online);
    const pending = timers.current;
    return () => {
      window.removeEventListener('online', online);
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, [retry]);

  async function startOne(row: SheetRow) {
    rememberSheet(row.fingerprint, sheetOf(row));
    patch(row.key, { state: 'uploading', error: undefined, fieldErrors: undefined });
    // tus-js-client (about 17 KiB gzipped) comes when the first sheet is sent, not with the
    // documents page: most visits read the list and open drawings (issue 31; docs/decisions/108).
    let tus: typeof Tus;
    try {
      tus = await import('tus-js-client');
    } catch {
      patch(row.key, { state: 'failed', error: { code: 'network' } });
      return;
    }
    const token = localStorage.getItem(TOKEN_KEY);
    const upload = new tus.Upload(row.file, {
      endpoint: callUrl('POST /api/uploads'),
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      metadata: { filename: row.file.name, filetype: 'application/pdf' },
      headers: {
        'X-Requested-With': 'XMLHttpRequest',
        'Accept-Language': currentLanguage(),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      urlStorage: uploadStorage,
      fingerprint: () => Promise.resolve(row.fingerprint),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => patch(row.key, { state: 'uploading', progress: total ? sent / total : 0 }),
      onShouldRetry: (err: DetailedError, attempt) => {
        const status = err.originalResponse?.getStatus() ?? 0;
        const retry = status === 0 || status >= 500 || status === 409 || status === 423 || status === 429;
        if (retry && attempt < RETRY_DELAYS.length) patch(row.key, { state: 'retrying' });
        return retry;
      },
      onError: (err) => {
        const status = (err as DetailedError).originalResponse?.getStatus() ?? 0;
        let message: string | undefined;
        try {
          message = (JSON.parse((err as DetailedError).originalResponse?.getBody() ?? '') as { message?: string })
            .message;
        } catch {
          message = undefined;
        }
        patch(row.key, {
          state: 'failed',
          error: status === 0 ? { code: 'network' } : status === 413 ? { code: 'tooBig' } : { message },
        });
      },
      onSuccess: () => void save(row.key, upload.url ?? ''),
    });
    uploads.current.set(row.key, upload);
    const previous = await upload.findPreviousUploads();
    const earlier = previous[0];
    if (earlier) {
      upload.resumeFromPreviousUpload(earlier);
    }
    upload.start();
  }

  /** Checks each ready (or failed) row's sheet fields, then starts those that pass. */
  const startAll = useCallback(
    (required: (row: SheetRow) => SheetRow['fieldErrors'] | undefined) => {
      for (const row of rowsRef.current) {
        if (row.state !== 'ready' && !(row.state === 'failed' && !row.error?.code?.match(/notPdf|tooBig|empty/)))
          continue;
        const fieldErrors = required(row);
        if (fieldErrors && Object.values(fieldErrors).some(Boolean)) {
          patch(row.key, { fieldErrors, state: row.state });
          continue;
        }
        // A finished upload (its fields were corrected) is only attached.
        if (row.uploadUrl) void save(row.key, row.uploadUrl);
        else void startOne(row);
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [registrationId],
  );

  const clearDone = useCallback(() => setRows((list) => list.filter((r) => r.state !== 'done')), []);

  return { rows, addFiles, update, remove, startAll, retry, clearDone };
}
