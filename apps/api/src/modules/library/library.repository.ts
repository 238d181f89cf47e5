import { eq, sql } from 'drizzle-orm';
import type { LibraryDocument } from '@hpbc/shared';
import type { Database } from '../../db/client';
import { libraryDocuments, libraryPages } from '../../db/schema/index';

export interface PageRow {
  document_id: number;
  page_number: number;
  title: string;
  text: string;
}

export function libraryRepository(database: Database) {
  const { db } = database;
  return {
    /** The hash of the file the pages were taken from, if they were taken since `notBefore`. */
    async indexedHash(id: number, notBefore = new Date(0)): Promise<string | undefined> {
      const rows = await db
        .select({ sha256: libraryDocuments.sha256, indexedAt: libraryDocuments.indexedAt })
        .from(libraryDocuments)
        .where(eq(libraryDocuments.id, id));
      const row = rows[0];
      return row?.indexedAt && row.indexedAt >= notBefore ? (row.sha256 ?? undefined) : undefined;
    },

    /** Replaces a document's pages in one transaction, so a search never sees half a volume. */
    async replacePages(doc: LibraryDocument, sha256: string | null, pages: string[], now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        const values = {
          title: doc.title,
          description: doc.description,
          filePath: doc.filePath,
          pageCount: pages.length,
          sha256,
          indexedAt: sha256 ? now : null,
        };
        await tx
          .insert(libraryDocuments)
          .values({ id: doc.id, ...values })
          .onConflictDoUpdate({
            target: libraryDocuments.id,
            // A title or description an administrator edited stays as they wrote it.
            set: {
              ...values,
              title: sql`CASE WHEN ${libraryDocuments.edited} THEN ${libraryDocuments.title} ELSE excluded.title END`,
              description: sql`CASE WHEN ${libraryDocuments.edited} THEN ${libraryDocuments.description} ELSE excluded.description END`,
            },
          });
        await tx.delete(libraryPages).where(eq(libraryPages.documentId, doc.id));
        for (let i = 0; i < pages.length; i += 200) {
          await tx
            .insert(libraryPages)
            .values(pages.slice(i, i + 200).map((text, j) => ({ documentId: doc.id, pageNumber: i + j + 1, text })));
        }
      });
    },

    /** The searched text split into lexemes exactly as the full-text index splits page text. */
    async lexemes(query: string): Promise<string[]> {
      const rows = await database.query<{ lexeme: string }>(
        "SELECT lexeme FROM unnest(to_tsvector('simple', $1)) ORDER BY lexeme",
        [query],
      );
      return rows.map((r) => r.lexeme);
    },

    /** Pages holding words that start with every prefix, best ranked first (uses the GIN index). */
    searchWords(prefixes: string[], documentId: number | undefined, limit: number): Promise<PageRow[]> {
      // Lexemes come from to_tsvector, so they hold no quotes or operators; quoting keeps it that way.
      const tsquery = prefixes.map((p) => `'${p.replace(/'/g, "''")}':*`).join(' & ');
      return database.query<PageRow>(
        `SELECT p.document_id, p.page_number, d.title, p.text
           FROM library_pages p JOIN library_documents d ON d.id = p.document_id,
                to_tsquery('simple', $1) q
          WHERE p.search_vector @@ q AND ($2::int IS NULL OR p.document_id = $2)
          ORDER BY ts_rank(p.search_vector, q) DESC, p.document_id, p.page_number
          LIMIT $3`,
        [tsquery, documentId ?? null, limit],
      );
    },

    /**
     * Pages containing every term as a substring, ignoring case and spaces. Burmese is written
     * without spaces between words, so a word index cannot find a word inside a run of text;
     * and PDF text extraction puts spaces of its own between Burmese glyph runs, so terms are
     * looked for in folded_text: the page lower-cased without spaces and line breaks.
     */
    searchSubstrings(terms: string[], documentId: number | undefined, limit: number): Promise<PageRow[]> {
      return database.query<PageRow>(
        `SELECT p.document_id, p.page_number, d.title, p.text
           FROM library_pages p JOIN library_documents d ON d.id = p.document_id
          WHERE ($2::int IS NULL OR p.document_id = $2)
            AND NOT EXISTS (SELECT 1 FROM unnest($1::text[]) t WHERE strpos(p.folded_text, t) = 0)
          ORDER BY p.document_id, p.page_number
          LIMIT $3`,
        [terms, documentId ?? null, limit],
      );
    },
  };
}
