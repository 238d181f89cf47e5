import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MIGRATIONS_FOLDER, type Database } from '../db/client';
import { DB_RETRY_AFTER_SECONDS } from '../lib/db-outage';
import { route } from './route';

/** The `when` of the newest committed migration: the database is ready once it has that one. */
function newestMigration(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

const READY_TIMEOUT_MS = 2000;

/**
 * For a load balancer or service manager (docs/operations.md): `GET /healthz` answers 200
 * while the process runs; `GET /readyz` answers 200 only when the database answers within
 * 2 s and has every committed migration (and Redis, when used, answers), else 503 with
 * Retry-After. While the process is
 * stopping both answer 503 (Fastify's return503OnClosing), so traffic moves elsewhere.
 */
export function registerHealth(
  app: FastifyInstance,
  database: Database,
  /** Other services the process needs (Redis when REDIS_URL is set); each must resolve. */
  checks: (() => Promise<unknown>)[] = [],
): void {
  const expected = newestMigration();
  const noStore = { 'Cache-Control': 'no-store' };
  route(app, 'GET /healthz', async (_req, reply) => reply.headers(noStore).send({ status: 'alive' }));
  route(app, 'GET /readyz', async (_req, reply) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      const [rows] = await Promise.race([
        Promise.all([
          database.query<{ last: string | number | null }>(
            'SELECT max(created_at) AS last FROM drizzle.__drizzle_migrations',
          ),
          ...checks.map((check) => check()),
        ]),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('database did not answer in time')), READY_TIMEOUT_MS);
        }),
      ]);
      const last = Number(rows[0]?.last ?? 0);
      if (last < expected) {
        return reply
          .status(503)
          .headers({ ...noStore, 'Retry-After': String(DB_RETRY_AFTER_SECONDS) })
          .send({
            status: 'migrating',
          });
      }
      return reply.headers(noStore).send({ status: 'ready' });
    } catch {
      return reply
        .status(503)
        .headers({ ...noStore, 'Retry-After': String(DB_RETRY_AFTER_SECONDS) })
        .send({ status: 'database unavailable' });
    } finally {
      clearTimeout(timer);
    }
  });
}
