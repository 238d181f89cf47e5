import { hasMyanmarScript, type LibrarySearchHit } from '@hpbc/shared';
import type { Database } from '../../db/client';
import { VersionedValue } from '../../lib/versioned-value';
import { buildSnippet, type Matcher } from './library.snippet';
import { libraryRepository, type PageRow } from './library.repository';

/** Most hits one search returns. */
export const SEARCH_LIMIT = 50;

/** Answers kept, the least recently asked dropped first. */
const KEPT_ANSWERS = 500;

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

  // Answers by query until the library changes (its content version, as the prepared lists):
  // searches repeat a few queries, and each costs two queries and the snippets (docs/decisions/056).
  const answers = new VersionedValue(database, 'library', async () => new Map<string, LibrarySearchHit[]>());

  async function find(query: string, documentId: number | undefined): Promise<LibrarySearchHit[]> {
    if (hasMyanmarScript(query)) return bySubstring(query, documentId);
    const prefixes = (await repo.lexemes(query)).slice(0, 8);
    if (prefixes.length) {
      const rows = await repo.searchWords(prefixes, documentId, SEARCH_LIMIT);
      if (rows.length) return hits(rows, { kind: 'words', prefixes });
    }
    return bySubstring(query, documentId);
  }

  const keptKey = (query: string, documentId: number | undefined) => `${documentId ?? ''}\u0000${query}`;

  function keptAnswer(
    kept: Map<string, LibrarySearchHit[]>,
    query: string,
    documentId: number | undefined,
  ): LibrarySearchHit[] | undefined {
    const key = keptKey(query, documentId);
    const known = kept.get(key);
    if (known) {
      kept.delete(key);
      kept.set(key, known);
    }
    return known;
  }

  return {
    /**
     * The answer search() would give without asking the database, if it has it: kept, and
     * the library not due for its once-a-second check of its version. Synchronous, for the
     * search's fast path (docs/decisions/061).
     */
    kept(query: string, documentId?: number): LibrarySearchHit[] | undefined {
      const kept = answers.peek();
      return kept && keptAnswer(kept, query, documentId);
    },

    /**
     * Burmese (or any query with Myanmar script) is matched as substrings. Other text is
     * matched by words through the full-text index, each word also as a prefix
     * ("found" finds "foundation"); when that finds nothing, substrings are tried, so
     * part of a word or a clause number still finds its page.
     */
    async search(query: string, documentId?: number): Promise<LibrarySearchHit[]> {
      const kept = await answers.get();
      const known = keptAnswer(kept, query, documentId);
      if (known) return known;
      const found = await find(query, documentId);
      kept.set(keptKey(query, documentId), found);
      if (kept.size > KEPT_ANSWERS) kept.delete(kept.keys().next().value!);
      return found;
    },
  };
}
