// `npm run backup [-- <folder>]` and `npm run restore -- <folder>` (run with tsx: it
// reuses the server's data-folder lock).
//
// A backup is a folder with the database and the files of DATA_DIR (uploaded cover
// letters, library PDFs, the generated secret, the local mail folder):
//   database.tar.gz   the embedded database, dumped by PGlite (consistent: the server is
//                     stopped and the lock is held while it is read), or
//   database.dump     pg_dump's custom format when DATABASE_URL is set (the server may run)
//   files.tar.gz      DATA_DIR without the database folder
//   backup.json       when and what
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
// The extensions the migrations create (apps/api/src/db/pglite-options.ts, PGLITE_EXTENSIONS).
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { lockDataDir } from '../apps/api/src/lib/data-dir-lock.ts';

const dataDir = path.resolve(process.env.DATA_DIR || './data');
const databaseUrl = process.env.DATABASE_URL || undefined;
const pgdata = path.join(dataDir, 'pgdata');

function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.error) throw new Error(`${cmd}: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`${cmd} failed (exit ${r.status})`);
}

function withLock(fn) {
  // The lock refuses while a server runs on this DATA_DIR, and keeps one from starting meanwhile.
  const release = lockDataDir(dataDir);
  return Promise.resolve().then(fn).finally(release);
}

async function backup(outDir) {
  if (!existsSync(dataDir)) throw new Error(`No data folder at ${dataDir} (set DATA_DIR).`);
  if (existsSync(outDir) && readdirSync(outDir).length > 0) throw new Error(`${outDir} is not empty.`);

  const saveFiles = () =>
    run('tar', [
      '-czf',
      path.join(outDir, 'files.tar.gz'),
      '-C',
      dataDir,
      '--exclude=./pgdata',
      '--exclude=./server.lock',
      '.',
    ]);

  if (databaseUrl) {
    mkdirSync(outDir, { recursive: true });
    run('pg_dump', ['--format=custom', '--no-owner', '--file', path.join(outDir, 'database.dump'), databaseUrl]);
    saveFiles();
  } else {
    if (!existsSync(pgdata)) throw new Error(`No embedded database at ${pgdata}.`);
    await withLock(async () => {
      mkdirSync(outDir, { recursive: true });
      const db = new PGlite(pgdata, { extensions: { pg_trgm } });
      try {
        await db.waitReady;
        await db.exec('CHECKPOINT');
        const dump = await db.dumpDataDir('gzip');
        writeFileSync(path.join(outDir, 'database.tar.gz'), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await db.close();
      }
      saveFiles();
    });
  }
  const info = { created_at: new Date().toISOString(), database: databaseUrl ? 'postgresql' : 'embedded', dataDir };
  writeFileSync(path.join(outDir, 'backup.json'), `${JSON.stringify(info, null, 2)}\n`);
  console.log(`Backup written to ${outDir}`);
}

async function restore(fromDir) {
  const info = JSON.parse(readFileSync(path.join(fromDir, 'backup.json'), 'utf8'));
  mkdirSync(dataDir, { recursive: true });
  if (info.database === 'postgresql') {
    if (!databaseUrl) throw new Error('This backup is of a PostgreSQL database: set DATABASE_URL.');
    // --clean replaces what the target database holds with the backup.
    run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--dbname',
      databaseUrl,
      path.join(fromDir, 'database.dump'),
    ]);
    run('tar', ['-xzf', path.join(fromDir, 'files.tar.gz'), '-C', dataDir]);
  } else {
    if (databaseUrl) throw new Error('This backup is of the embedded database: unset DATABASE_URL.');
    if (existsSync(pgdata)) {
      throw new Error(`${pgdata} exists. Move it away first (restore never overwrites a database).`);
    }
    await withLock(async () => {
      const blob = new Blob([readFileSync(path.join(fromDir, 'database.tar.gz'))]);
      const db = new PGlite(pgdata, { loadDataDir: blob, extensions: { pg_trgm } });
      await db.waitReady;
      await db.exec('CHECKPOINT');
      await db.close();
      run('tar', ['-xzf', path.join(fromDir, 'files.tar.gz'), '-C', dataDir]);
    });
  }
  console.log(`Restored ${fromDir} (from ${info.created_at}) into ${databaseUrl ? 'DATABASE_URL' : dataDir}`);
}

const [command, target] = process.argv.slice(2);
const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
const job =
  command === 'backup'
    ? backup(path.resolve(target || `backups/hpbc-${stamp}`))
    : command === 'restore' && target
      ? restore(path.resolve(target))
      : Promise.reject(new Error('Usage: npm run backup [-- <folder>] | npm run restore -- <folder>'));

job.catch((err) => {
  console.error(err.message);
  process.exit(1);
});
