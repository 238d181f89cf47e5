import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedIfEmpty } from './db/seed/index';
import { retireDemoPassword } from './db/seed/accounts.seed';
import { startSummary } from './start-summary';
import { indexLibrary } from './modules/library/library.indexer';
import { DataDirLockedError, lockDataDir } from './lib/data-dir-lock';
import { dataDirStore, importLocalFiles } from './lib/file-store/file-store';

async function main(): Promise<void> {
  const config = loadConfig();
  // Only the embedded database needs the folder lock; processes sharing a PostgreSQL server
  // take advisory locks there instead (migrations in openDatabase, seeding and indexing below).
  const release = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { pgliteDir: path.join(config.dataDir, 'pgdata') },
  );
  const app = await buildApp({ config, database });

  let closing = false;
  // While stopping, every answer closes its connection, so a kept-alive client (a proxy)
  // does not hold the server open once its request in flight is done.
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (closing) reply.header('Connection', 'close');
    done(null, payload);
  });
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.fastPath.stop();
    app.log.info({ signal }, 'shutting down');
    const idle = setInterval(() => app.server.closeIdleConnections(), 100);
    idle.unref();
    // app.close() stops accepting connections, answers 503 to new requests on open ones, and
    // waits for the requests in flight (and the mail being sent) before the database closes.
    const force = setTimeout(() => {
      app.log.error({ timeoutMs: config.shutdownTimeoutMs }, 'requests still running at shutdown; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
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
    // One process at a time seeds and indexes; the others wait, then find the work done.
    await database.exclusive('startup', () => prepareData());
    await app.listen({ port: config.port, host: config.host });
    app.mail.start();
    app.clockJob.start();
  } catch (err) {
    app.log.error({ err }, 'could not start');
    await database.close();
    release();
    process.exit(1);
  }

  async function prepareData(): Promise<void> {
    if (config.databaseUrl) {
      // Files an earlier version kept in this data folder move into the shared store.
      const copied = await importLocalFiles(config.dataDir, database);
      if (copied) app.log.info({ files: copied }, 'files of the data folder copied into the database');
    }
    if (config.seedDemo) {
      await seedIfEmpty({
        database,
        dataDir: config.dataDir,
        appUrl: config.appUrl,
        now: new Date(),
        log: app.log,
        projectCount: config.demoProjects,
      });
    } else {
      const retired = await retireDemoPassword(database);
      if (retired.length) app.log.warn({ accounts: retired.length }, 'demo password removed from demo accounts');
    }
    // Volumes added or changed since the last start become searchable before the first request.
    await indexLibrary({
      database,
      documentsDir: path.join(config.dataDir, 'documents'),
      store: dataDirStore(config.dataDir, 'documents'),
      log: app.log,
    });
  }

  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded database in ${config.dataDir}`;
  const mail = config.smtpUrl ? 'SMTP_URL' : `${path.join(config.dataDir, 'mail')} (.eml files; links are logged)`;
  process.stdout.write(startSummary({ appUrl: config.appUrl, where, mail, demo: config.seedDemo }));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(`Could not start: ${(err as Error).message}\n`);
  }
  process.exit(1);
});
