import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { projects } from './schema/index';

const dir = mkdtempSync(path.join(tmpdir(), 'hpbc-pglite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the embedded database folder', () => {
  // Opening a PGlite folder takes seconds on a busy machine; two opens get more than the default time.
  it(
    'keeps committed rows after close and reopen, and migrating again changes nothing',
    { timeout: 120_000 },
    async () => {
      const pgdata = path.join(dir, 'pgdata');
      const first = await openDatabase({ pgliteDir: pgdata });
      await first.db.insert(projects).values({
        rnNumber: 4242,
        projectName: 'Kandawgyi Residences',
        developer: 'ရွှေတောင် ဖွံ့ဖြိုးရေး ကုမ္ပဏီ',
        status: 'Active',
        basement: 2,
        storey: 18,
        buildingHeight: 63.4,
        location: 'Bahan',
        region: 'Yangon (West) District',
        state: 'Yangon Region',
      });
      const migrations = await first.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
      );
      await first.close();

      const second = await openDatabase({ pgliteDir: pgdata });
      try {
        const rows = await second.query<{ project_name: string; developer: string; building_height: number }>(
          'SELECT project_name, developer, building_height FROM projects WHERE rn_number = 4242',
        );
        expect(rows).toEqual([
          { project_name: 'Kandawgyi Residences', developer: 'ရွှေတောင် ဖွံ့ဖြိုးရေး ကုမ္ပဏီ', building_height: 63.4 },
        ]);
        const again = await second.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
        expect(again).toEqual(migrations);
      } finally {
        await second.close();
      }
    },
  );
});
