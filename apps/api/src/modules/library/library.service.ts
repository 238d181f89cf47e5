import { hasMyanmarScript, type LibrarySearchHit } from '@hpbc/shared';
import type { Database } from '../../db/client';
import { buildSnippet, type Matcher } from './library.snippet';
import { libraryRepository, type PageRow } from './library.repository';

/** Most hits one search returns. */
export const SEARCH_LIMIT = 50;

export function libraryService(database: Database) {
  const repo = libraryRepository(database);

  function hits(rows: PageRow[], matcher: Matcher): LibrarySearchHit[] {
    return rows.map((r) => ({
      document_id: r.document_id,
      title: r.title,
      page_number: r.page_number,
      snippet: buildSnippet(r.text, matcher),
    }));
  }

  async function bySubstring(query: string, documentId: number | undefined): Promise<LibrarySearchHit[]> {
    const terms = [...new Set(query.toLowerCase().split(' ').filter(Boolean))].slice(0, 8);
    const rows = await repo.searchSubstrings(terms, documentId, SEARCH_LIMIT);
    return hits(rows, { kind: 'substrings', terms });
  }

  return {
    /**
     * Burmese (or any query with Myanmar script) is matched as substrings. Other text is
     * matched by words through the full-text index, each word also as a prefix
     * ("found" finds "foundation"); when that finds nothing, substrings are tried, so
     * part of a word or a clause number still finds its page.
     */
    async search(query: string, documentId?: number): Promise<LibrarySearchHit[]> {
      if (hasMyanmarScript(query)) return bySubstring(query, documentId);
      const prefixes = (await repo.lexemes(query)).slice(0, 8);
      if (prefixes.length) {
        const rows = await repo.searchWords(prefixes, documentId, SEARCH_LIMIT);
        if (rows.length) return hits(rows, { kind: 'words', prefixes });
      }
      return bySubstring(query, documentId);
    },
  };
}
