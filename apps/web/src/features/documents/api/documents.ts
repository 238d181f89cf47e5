import { queryOptions } from '@tanstack/react-query';
import type { Discipline } from '@hpbc/shared/counterpart-review';
import { api, apiDownload, TOKEN_KEY } from '../../../lib/api-client';

/**
 * The design documents of a registration (docs/api.md, "Design documents, construction and
 * transparency"): the documents of a registration, their files and approved copies, pinned
 * review comments and the public check of a copy.
 */

export const DOCUMENT_KINDS = [
  'site_plan',
  'floor_plan',
  'elevation',
  'section',
  'detail',
  'services_layout',
  'calculation',
  'soil_report',
  'specification',
  'other',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export type DocumentStatus = 'current' | 'superseded' | 'withdrawn';

/** The largest PDF the server takes (100 MiB). */
export const DOCUMENT_MAX_BYTES = 100 * 1024 * 1024;
export const SHEET_NUMBER_MAX = 30;

export interface DesignDocument {
  id: number;
  discipline: Discipline;
  kind: DocumentKind;
  number: string;
  title: string;
  revision: string;
  round: number;
  pages: number;
  size: number;
  sha256: string;
  status: DocumentStatus;
  uploaded_at: string;
  replaces_id: number | null;
}

/** A building-code clause a pinned comment cites: a page of a library volume. */
export interface ClauseRef {
  library_id: number;
  page: number;
}

/** A review comment as the registration answers carry it, with its place on a drawing when it has one. */
export interface PinnedComment {
  id: number;
  discipline: Discipline;
  text: string;
  author: { name: string };
  round: number;
  created_at: string;
  document_id?: number | null;
  page?: number | null;
  x?: number | null;
  y?: number | null;
  clause?: ClauseRef | null;
  /** Set once resolved (open until then). */
  resolved_at?: string | null;
  /** The submitter's answer, given with the next round. */
  answer?: string | null;
  answered_at?: string | null;
}

export interface PinPlace {
  document_id: number;
  page: number;
  x: number;
  y: number;
}

export interface VerifiedDocument {
  discipline: Discipline;
  number: string;
  title: string;
  revision: string;
  sha256: string;
  approved_sha256: string | null;
}

export const documentKeys = {
  all: ['documents'] as const,
  list: (registrationId: number) => ['documents', 'list', registrationId] as const,
};

export function documentsQuery(registrationId: number) {
  return queryOptions({
    queryKey: documentKeys.list(registrationId),
    queryFn: ({ signal }) =>
      api<{ data: DesignDocument[] }>(`/api/registrations/${registrationId}/documents`, { signal }).then((a) => a.data),
    staleTime: 0,
    retry: false,
  });
}

export function addDocument(
  registrationId: number,
  body: { upload_id: string; discipline: Discipline; kind: DocumentKind; number: string; title: string },
): Promise<DesignDocument> {
  return api<{ data: DesignDocument }>(`/api/registrations/${registrationId}/documents`, {
    method: 'POST',
    body,
  }).then((a) => a.data);
}

export function withdrawDocument(id: number): Promise<void> {
  return api<void>(`/api/documents/${id}`, { method: 'DELETE' });
}

/** Where the viewer reads a document from (with Range requests) and the headers it needs. */
export function documentSource(id: number, approved = false): { url: string; headers: Record<string, string> } {
  const token = localStorage.getItem(TOKEN_KEY);
  return {
    url: `/api/documents/${id}/${approved ? 'approved' : 'file'}`,
    headers: { 'X-Requested-With': 'XMLHttpRequest', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  };
}

export function downloadDocument(doc: DesignDocument, approved: boolean): Promise<void> {
  return apiDownload(`/api/documents/${doc.id}/${approved ? 'approved' : 'file'}`, {
    fileName: `${doc.number}-${doc.revision}${approved ? '-approved' : ''}.pdf`,
    serverName: true,
  });
}

/** A counterpart's comment pinned to a point of a page, perhaps citing a clause. */
export function pinComment(
  reviewId: number,
  body: PinPlace & { discipline: Discipline; text: string; clause: ClauseRef | null; field: null },
): Promise<PinnedComment> {
  return api<{ data: PinnedComment }>(`/api/reviews/${reviewId}/comments`, { method: 'POST', body }).then(
    (a) => a.data,
  );
}

/** The public check of a copy someone holds: its SHA-256 against the approved sheets. */
export function checkCopy(
  reference: string,
  sha256: string,
): Promise<{ number: string; title: string; revision: string; discipline: Discipline } | null> {
  return api<{ data: { number: string; title: string; revision: string; discipline: Discipline } }>(
    `/api/verify/${encodeURIComponent(reference)}/documents/${sha256}`,
    { auth: false },
  ).then(
    (a) => a.data,
    (e: unknown) => {
      if ((e as { status?: number }).status === 404) return null;
      throw e;
    },
  );
}

/** The lower-case hex SHA-256 of a file, computed in the browser (the file never leaves it). */
export async function sha256Hex(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
