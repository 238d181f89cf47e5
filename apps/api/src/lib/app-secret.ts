import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client';

/**
 * The secret every server process on one PostgreSQL shares when APP_SECRET is unset: the
 * first process to ask generates it into `app_settings`; the insert is a no-op for every
 * later one (and for one racing it), which then reads the winner's value. Never in the
 * data folder, which is per machine (docs/decisions/041-one-secret-for-all-processes.md).
 */
export async function sharedAppSecret(database: Database): Promise<string> {
  await database.query(
    `INSERT INTO app_settings (name, value) VALUES ('app_secret', $1) ON CONFLICT (name) DO NOTHING`,
    [randomBytes(48).toString('base64url')],
  );
  const [row] = await database.query<{ value: string }>(`SELECT value FROM app_settings WHERE name = 'app_secret'`);
  if (!row) throw new Error('app secret missing after insert');
  return row.value;
}
