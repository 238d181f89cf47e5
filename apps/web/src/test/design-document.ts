import type { DesignDocument } from '@hpbc/shared/design-documents';

/** A current sheet A-101, revision A, as the API answers it, with `over` changed (the documents' tests). */
export const designDocument = (over: Partial<DesignDocument> = {}): DesignDocument => ({
  id: 1,
  discipline: 'architect',
  kind: 'floor_plan',
  number: 'A-101',
  title: 'Ground floor plan',
  revision: 'A',
  round: 1,
  pages: 1,
  size: 1000,
  sha256: 'a'.repeat(64),
  status: 'current',
  uploaded_at: '2026-11-25T10:00:00Z',
  replaces_id: null,
  approved_sha256: null,
  ...over,
});
