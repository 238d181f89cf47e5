import type { FieldErrors } from '@hpbc/shared';
import type { Contract, EndpointKey } from '@hpbc/shared/contract';
import type { CallInput, SuccessOf } from '@hpbc/shared/contract/endpoint';
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

/** What a call passes besides its declared params, query and body. */
export interface CallOptions {
  signal?: AbortSignal;
  /** false: send no bearer token (the token-less forms, the public verification). */
  auth?: boolean;
  headers?: Record<string, string>;
}

type CallArgs<E extends Contract[EndpointKey]> =
  object extends CallInput<E> ? [input?: CallInput<E> & CallOptions] : [input: CallInput<E> & CallOptions];

/** The URL of a declared call: its path with the params filled in, and its query. */
export function callUrl(key: EndpointKey, params?: object, query?: object): string {
  const path = key
    .slice(key.indexOf(' ') + 1)
    .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String((params as Record<string, unknown>)[name])));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.append(name, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * Calls a declared endpoint (docs/decisions/063-one-contract.md): `call('GET /api/reviews/:id',
 * { params: { id } })`. Params, query, body and the answer are typed by the declaration in
 * `@hpbc/shared/contract`, of which only the types come to the browser (no schema code,
 * decision 058). Failures throw ApiError as api() does.
 */
export function call<K extends EndpointKey>(
  key: K,
  ...[input]: CallArgs<Contract[K]>
): Promise<SuccessOf<Contract[K]>> {
  return callWith(api, key, ...([input] as CallArgs<Contract[K]>));
}

/** call() through another request function (the auth store's, which tests replace). */
export function callWith<K extends EndpointKey>(
  request: typeof api,
  key: K,
  ...[input]: CallArgs<Contract[K]>
): Promise<SuccessOf<Contract[K]>> {
  const { params, query, body, signal, auth, headers } = (input ?? {}) as {
    params?: object;
    query?: object;
    body?: unknown;
  } & CallOptions;
  const method = key.slice(0, key.indexOf(' '));
  const opts: RequestOptions = { method };
  // Only what is given, so a replaced request function sees the same options as before.
  if (body !== undefined) opts.body = body;
  if (signal) opts.signal = signal;
  if (auth !== undefined) opts.auth = auth;
  if (headers) opts.headers = headers;
  return request(callUrl(key, params, query), opts);
}

/** A declared file answer, fetched with the token and saved by the browser (see apiDownload). */
export function download<K extends EndpointKey>(
  key: K,
  input: CallInput<Contract[K]>,
  opts: DownloadOptions,
): Promise<void> {
  const { params, query } = input as { params?: object; query?: object };
  return apiDownload(callUrl(key, params, query), opts);
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
 * A declared file answer as bytes, fetched with the token (an `<img>` or a plain link cannot
 * carry it): for showing a protected picture through an object URL.
 */
export async function fetchFile<K extends EndpointKey>(key: K, input: CallInput<Contract[K]>): Promise<Blob> {
  const { params, query } = input as { params?: object; query?: object };
  return (await fetchWithToken(callUrl(key, params, query))).blob();
}

/** GET with the bearer token; failures throw ApiError as api() does. */
async function fetchWithToken(path: string, locale?: string): Promise<Response> {
  const headers: Record<string, string> = {
    'X-Requested-With': 'XMLHttpRequest',
    'Accept-Language': locale ?? currentLanguage(),
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
  return res;
}

/**
 * An authenticated download: fetches `path` with the bearer token and hands the bytes to
 * the browser as a saved file (a plain link cannot carry the token). Failures throw
 * ApiError as api() does.
 */
export async function apiDownload(path: string, opts: DownloadOptions): Promise<void> {
  const res = await fetchWithToken(path, opts.locale);
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
