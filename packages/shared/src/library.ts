import { z } from 'zod';
import { rule } from './messages';
import { stripControl } from './project-filters';
import { LIBRARY_QUERY_MAX_LENGTH } from './library-catalogue';

export {
  hasMyanmarScript,
  LIBRARY_DOCUMENTS,
  LIBRARY_QUERY_MAX_LENGTH,
  libraryDocument,
  pdfViewerUrl,
  type LibraryDocument,
  type LibrarySearchHit,
} from './library-catalogue';

/** The query of GET /api/library/search. */
export const LibrarySearchQuerySchema = z.object({
  q: z
    .string({ error: rule('required', 'q') })
    .transform((v) => stripControl(v.normalize('NFC').replace(/\s+/g, ' ')).trim())
    .pipe(
      z
        .string()
        .min(1, rule('required', 'q'))
        .max(LIBRARY_QUERY_MAX_LENGTH, rule('max', 'q', LIBRARY_QUERY_MAX_LENGTH)),
    ),
  document_id: z
    .string()
    .regex(/^[1-8]$/, rule('in', 'document_id'))
    .transform(Number)
    .optional(),
});
