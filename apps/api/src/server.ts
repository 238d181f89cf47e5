import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedIfEmpty } from './db/seed/index';
import { retireDemoPassword } from './db/seed/accounts.seed';
import { indexLibrary } from './modules/library/library.indexer';
import { DataDirLockedError, lockDataDir } from './lib/data-dir-lock';

async function main(): Promise<void> {
  const config = loadConfig();
  // Only the embedded database needs the lock; a PostgreSQL server does its own locking.
  const release = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { pgliteDir: path.join(config.dataDir, 'pgdata') },
  );
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
    } finally {
      release();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    if (config.seedDemo) {
      await seedIfEmpty({
        database,
        dataDir: config.dataDir,
        now: new Date(),
        log: app.log,
        projectCount: config.demoProjects,
      });
    } else {
      const retired = await retireDemoPassword(database);
      if (retired.length) app.log.warn({ accounts: retired.length }, 'demo password removed from demo accounts');
    }
    // Volumes added or changed since the last start become searchable before the first request.
    await indexLibrary({ database, documentsDir: path.join(config.dataDir, 'documents'), log: app.log });
    await app.listen({ port: config.port, host: config.host });
    app.mail.start();
  } catch (err) {
    app.log.error({ err }, 'could not start');
    await database.close();
    release();
    process.exit(1);
  }

  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded database in ${config.dataDir}`;
  const mail = config.smtpUrl ? 'SMTP_URL' : `${path.join(config.dataDir, 'mail')} (.eml files; links are logged)`;
  process.stdout.write(`\nHPBC portal ready at ${config.appUrl}\n  data: ${where}\n  e-mail: ${mail}\n\n`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(`Could not start: ${(err as Error).message}\n`);
  }
  process.exit(1);
});
