import type { FieldErrors } from '@hpbc/shared';
import { currentLanguage } from './i18n';

export const TOKEN_KEY = 'token';

/** A failed call: `status` 0 means no response arrived (network failure). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldErrors | undefined,
    readonly body: Record<string, unknown> | undefined,
  ) {
    super(message);
  }
}

export function csrfToken(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** false: send no bearer token (the service-request endpoints use CSRF instead, specification section 6). */
  auth?: boolean;
}

/**
 * Every call to the API goes through here (specification section 7): X-Requested-With
 * on every request, the bearer token from localStorage when there is one, the user's
 * language, JSON in and out (FormData is sent as multipart).
 */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    'Accept-Language': currentLanguage(),
    ...opts.headers,
  };
  const token = localStorage.getItem(TOKEN_KEY);
  if (token && opts.auth !== false) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) {
    body = opts.body;
  } else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(path, { method: opts.method ?? 'GET', headers, body, signal: opts.signal });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, 'An unexpected error occurred. Please try again.', undefined, undefined);
  }
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!res.ok) {
    const b = (data && typeof data === 'object' ? data : undefined) as Record<string, unknown> | undefined;
    const message = typeof b?.message === 'string' ? b.message : `Request failed (${res.status}).`;
    throw new ApiError(res.status, message, b?.errors as FieldErrors | undefined, b);
  }
  return data as T;
}

export interface DownloadOptions {
  /** The file name to save under when the answer names none (or when `serverName` is false). */
  fileName: string;
  /** Take the name from the answer's Content-Disposition when it has one. */
  serverName?: boolean;
  /** The language to ask in; the user's by default. */
  locale?: string;
}

/**
 * An authenticated download: fetches `path` with the bearer token and hands the bytes to
 * the browser as a saved file (a plain link cannot carry the token). Failures throw
 * ApiError as api() does.
 */
export async function apiDownload(path: string, opts: DownloadOptions): Promise<void> {
  const headers: Record<string, string> = {
    'X-Requested-With': 'XMLHttpRequest',
    'Accept-Language': opts.locale ?? currentLanguage(),
  };
  const token = localStorage.getItem(TOKEN_KEY);
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(path, { headers });
  } catch {
    throw new ApiError(0, 'An unexpected error occurred. Please try again.', undefined, undefined);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => undefined)) as { message?: string } | undefined;
    throw new ApiError(res.status, body?.message ?? `Request failed (${res.status}).`, undefined, body);
  }
  const blob = await res.blob();
  const fromServer = opts.serverName
    ? /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1]
    : undefined;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fromServer ?? opts.fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
