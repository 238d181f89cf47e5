import { queryOptions } from '@tanstack/react-query';
import type { Discipline, ReviewComment, VerifiedDocument, VerifyDocument } from '@hpbc/shared/counterpart-review';
import type { DesignDocument, DocumentKind } from '@hpbc/shared/design-documents';
import { call, callUrl, download, TOKEN_KEY } from '../../../lib/api-client';

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
    queryFn: ({ signal }) => documentsOf(registrationId, signal),
    staleTime: 0,
    retry: false,
  });
}

/** Every revision of a registration's documents. */
export function documentsOf(registrationId: number, signal?: AbortSignal): Promise<DesignDocument[]> {
  return call('GET /api/registrations/:id/documents', { params: { id: registrationId }, signal }).then(
    (a) => a.data as DesignDocument[],
  );
}

export function addDocument(
  registrationId: number,
  body: { upload_id: string; discipline: Discipline; kind: DocumentKind; number: string; title: string },
): Promise<DesignDocument> {
  return call('POST /api/registrations/:id/documents', { params: { id: registrationId }, body }).then(
    (a) => a.data as DesignDocument,
  );
}

export function withdrawDocument(id: number): Promise<void> {
  return call('DELETE /api/documents/:id', { params: { id } }).then(() => undefined);
}

/** Where the viewer reads a document from (with Range requests) and the headers it needs. */
export function documentSource(id: number, approved = false): { url: string; headers: Record<string, string> } {
  const token = localStorage.getItem(TOKEN_KEY);
  return {
    url: callUrl(approved ? 'GET /api/documents/:id/approved' : 'GET /api/documents/:id/file', { id }),
    headers: { 'X-Requested-With': 'XMLHttpRequest', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  };
}

export function downloadDocument(doc: DesignDocument, approved: boolean): Promise<void> {
  return download(
    approved ? 'GET /api/documents/:id/approved' : 'GET /api/documents/:id/file',
    { params: { id: doc.id } },
    { fileName: `${doc.number}-${doc.revision}${approved ? '-approved' : ''}.pdf`, serverName: true },
  );
}

/** A counterpart's comment pinned to a point of a page, perhaps citing a clause. */
export function pinComment(
  reviewId: number,
  body: PinPlace & { discipline: Discipline; text: string; clause: ClauseRef | null; field: null },
): Promise<PinnedComment> {
  return call('POST /api/reviews/:id/comments', { params: { id: reviewId }, body }).then(
    (a) => a.data as PinnedComment,
  );
}

/** The counterpart marks a comment of their discipline resolved. */
export function resolveComment(reviewId: number, commentId: number): Promise<PinnedComment> {
  return call('POST /api/reviews/:id/comments/:comment/resolve', { params: { id: reviewId, comment: commentId } }).then(
    (a) => a.data as PinnedComment,
  );
}

/** The submitter answers a comment (while the registration is returned for changes). */
export function answerComment(registrationId: number, commentId: number, text: string): Promise<PinnedComment> {
  return call('POST /api/registrations/:id/comments/:comment/answer', {
    params: { id: registrationId, comment: commentId },
    body: { text },
  }).then((a) => a.data as PinnedComment);
}

/** Every approved copy in one zip file. */
export function downloadApprovedSet(registrationId: number, reference: string): Promise<void> {
  return download(
    'GET /api/registrations/:id/documents/approved.zip',
    { params: { id: registrationId } },
    { fileName: `${reference}-approved.zip`, serverName: true },
  );
}

/** The public check of a copy someone holds: its SHA-256 against the approved sheets. */
export function checkCopy(reference: string, sha256: string): Promise<VerifiedDocument | null> {
  return call('GET /api/verify/:reference/documents/:sha256', { params: { reference, sha256 }, auth: false }).then(
    (a) => a.data as VerifiedDocument,
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
