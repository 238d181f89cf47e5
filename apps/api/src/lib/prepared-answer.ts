import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Every prepared value of a database by list name, so a write can make them stale at once. */
const registry = new WeakMap<Database, Map<string, Set<{ invalidate(): void }>>>();

export function registerPrepared(database: Database, versionName: string, value: { invalidate(): void }): void {
  let byName = registry.get(database);
  if (!byName) registry.set(database, (byName = new Map()));
  let set = byName.get(versionName);
  if (!set) byName.set(versionName, (set = new Set()));
  set.add(value);
}

/**
 * Makes this process's prepared answers of a list stale at once (an administrator's edit
 * shows on the next request); other processes see the trigger-bumped counter within a second.
 */
export function invalidatePrepared(database: Database, versionName: string): void {
  for (const value of registry.get(database)?.get(versionName) ?? []) value.invalidate();
}

export interface Answer {
  etag: string;
  json: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/**
 * A whole-list answer kept as ready bytes (plain, gzip and brotli) with an ETag.
 * Reading and serialising the list per request capped an endpoint near 55 requests/s
 * here, and compressing per request near 260; this answers from memory instead.
 * Staleness: the list's counter in content_versions (bumped by triggers) is read at most
 * once per `checkEveryMs`, so every server process sees a change within that time.
 */
export class PreparedAnswer {
  private answer: Answer | undefined;
  private version = -1;
  private checkedAt = 0;
  private pending: Promise<Answer> | undefined;

  constructor(
    private readonly database: Database,
    private readonly versionName: string,
    private readonly build: () => Promise<unknown>,
    private readonly checkEveryMs = 1000,
  ) {
    registerPrepared(database, versionName, this);
  }

  async get(): Promise<Answer> {
    if (this.answer && Date.now() - this.checkedAt < this.checkEveryMs) return this.answer;
    this.pending ??= this.refresh().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  /** Forgets the answer at once (after a write in this process). */
  invalidate(): void {
    this.checkedAt = 0;
    this.version = -1;
  }

  private async refresh(): Promise<Answer> {
    try {
      return await this.load();
    } catch (err) {
      // The database is away (or failed): the last good copy serves until it is back.
      if (!this.answer) throw err;
      this.checkedAt = Date.now();
      return this.answer;
    }
  }

  private async load(): Promise<Answer> {
    const rows = await this.database.query<{ version: number | string }>(
      'SELECT version FROM content_versions WHERE name = $1',
      [this.versionName],
    );
    const version = Number(rows[0]?.version ?? 0);
    if (!this.answer || version !== this.version) {
      this.answer = await prepare(await this.build());
      this.version = version;
    }
    this.checkedAt = Date.now();
    return this.answer;
  }
}

export async function prepare(body: unknown): Promise<Answer> {
  const json = Buffer.from(JSON.stringify(body));
  // Brotli's best level is slow on large lists; keep it for small ones.
  const quality = json.length > 1_000_000 ? 5 : 11;
  const [gz, br] = await Promise.all([
    gzipAsync(json, { level: 9 }),
    brotliAsync(json, {
      params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: json.length },
    }),
  ]);
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
  return { etag, json, gzip: gz, br };
}

/** Sends a prepared answer: 304 when the client has it, else the best encoding it accepts. */
export function sendAnswer(req: FastifyRequest, reply: FastifyReply, answer: Answer): FastifyReply {
  reply.header('ETag', answer.etag);
  reply.header('Cache-Control', 'no-cache');
  reply.header('Vary', 'Accept-Encoding');
  const inm = req.headers['if-none-match'];
  if (inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === answer.etag)) {
    return reply.status(304).send();
  }
  reply.type('application/json; charset=utf-8');
  const accept = req.headers['accept-encoding'] ?? '';
  if (/\bbr\b/.test(accept)) return reply.header('Content-Encoding', 'br').send(answer.br);
  if (/\bgzip\b/.test(accept)) return reply.header('Content-Encoding', 'gzip').send(answer.gzip);
  return reply.send(answer.json);
}
