import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The extensions the migrations create (0027: pg_trgm for substring search,
 * docs/decisions/109): PGlite carries their code only when given them, so every PGlite that
 * opens the portal's database takes these (the tests' too).
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** The embedded database as the portal opens it: in the server's thread, its own (pglite-thread.ts) or a test's. */
export function createPglite(dataDir: string | undefined, options: Omit<PGliteOptions, 'extensions'> = {}): PGlite {
  return new PGlite({ ...options, dataDir, extensions: PGLITE_EXTENSIONS });
}
