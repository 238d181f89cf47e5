import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/client';

/**
 * The secret every server process on one PostgreSQL shares when APP_SECRET is unset: the
 * first process to ask generates it into `app_settings`; the insert is a no-op for every
 * later one (and for one racing it), which then reads the winner's value. Never in the
 * data folder, which is per machine (docs/decisions/041-one-secret-in-the-database.md).
 */
export async function sharedAppSecret(database: Database, dataDir?: string): Promise<string> {
  // A secret an earlier version generated into the data folder is adopted, so the links
  // already mailed and the pages already open stay valid; else a new one.
  const earlier = dataDir ? (await readFile(path.join(dataDir, 'app-secret'), 'utf8').catch(() => '')).trim() : '';
  await database.query(
    `INSERT INTO app_settings (name, value) VALUES ('app_secret', $1) ON CONFLICT (name) DO NOTHING`,
    [earlier.length >= 32 ? earlier : randomBytes(48).toString('base64url')],
  );
  const [row] = await database.query<{ value: string }>(`SELECT value FROM app_settings WHERE name = 'app_secret'`);
  if (!row) throw new Error('app secret missing after insert');
  return row.value;
}
