import { PGlite } from '@electric-sql/pglite';

/** The embedded database as the portal opens it, in the server's thread or its own (pglite-thread.ts). */
export function createPglite(dataDir: string | undefined): PGlite {
  return new PGlite(dataDir);
}
