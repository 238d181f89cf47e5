import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { createPglite } from '../src/db/pglite-options';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplateDb: string | undefined;
  }
}

/**
 * Migrates once, then every test file starts from a copy: a PGlite data-dir dump, or
 * (with TEST_DATABASE_URL) a PostgreSQL database created from a migrated template.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'hpbc-test-'));
  const client = createPglite(undefined);
  const database = await openDatabase({ pglite: client });
  const dump = await client.dumpDataDir('gzip');
  const file = path.join(dir, 'template.tar.gz');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);

  const url = process.env.TEST_DATABASE_URL;
  let templateDb: string | undefined;
  if (url) {
    templateDb = `hpbc_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${templateDb}`);
    await admin.query(`CREATE DATABASE ${templateDb}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${templateDb}`;
    const tdb = await openDatabase({ url: u.toString() });
    await tdb.close();
  }
  project.provide('pgTemplateDb', templateDb);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (url && templateDb) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${templateDb} WITH (FORCE)`);
      await admin.end();
    }
  };
}
