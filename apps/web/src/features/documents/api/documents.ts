import { queryOptions } from '@tanstack/react-query';
import type { Discipline, ReviewComment, VerifiedDocument, VerifyDocument } from '@hpbc/shared/counterpart-review';
import type { DesignDocument, DocumentKind } from '@hpbc/shared/design-documents';
import { api, apiDownload, TOKEN_KEY } from '../../../lib/api-client';

/**
 * The design documents of a registration (docs/api.md, "Design documents, construction and
 * transparency"): the documents of a registration, their files and approved copies, pinned
 * review comments and the public check of a copy.
 */

export type { DesignDocument, DocumentKind };

/** A review comment, pinned to a point of a page when it has a `document_id`. */
export type PinnedComment = ReviewComment;
export type ClauseRef = NonNullable<ReviewComment['clause']>;

export interface PinPlace {
  document_id: number;
  page: number;
  x: number;
  y: number;
}

export type { VerifyDocument, VerifiedDocument };

/** The longest sheet number (documentCreateSchema). */
export const SHEET_NUMBER_MAX = 30;

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

/** The counterpart marks a comment of their discipline resolved. */
export function resolveComment(reviewId: number, commentId: number): Promise<PinnedComment> {
  return api<{ data: PinnedComment }>(`/api/reviews/${reviewId}/comments/${commentId}/resolve`, {
    method: 'POST',
  }).then((a) => a.data);
}

/** The submitter answers a comment (while the registration is returned for changes). */
export function answerComment(registrationId: number, commentId: number, text: string): Promise<PinnedComment> {
  return api<{ data: PinnedComment }>(`/api/registrations/${registrationId}/comments/${commentId}/answer`, {
    method: 'POST',
    body: { text },
  }).then((a) => a.data);
}

/** Every approved copy in one zip file. */
export function downloadApprovedSet(registrationId: number, reference: string): Promise<void> {
  return apiDownload(`/api/registrations/${registrationId}/documents/approved.zip`, {
    fileName: `${reference}-approved.zip`,
    serverName: true,
  });
}

/** The public check of a copy someone holds: its SHA-256 against the approved sheets. */
export function checkCopy(reference: string, sha256: string): Promise<VerifiedDocument | null> {
  return api<{ data: VerifiedDocument }>(`/api/verify/${encodeURIComponent(reference)}/documents/${sha256}`, {
    auth: false,
  }).then(
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
