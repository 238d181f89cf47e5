import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { onContentChanged } from './content-changed';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export interface Answer {
  etag: string;
  /** The plain bytes (JSON unless the answer was built with its own encoder). */
  json: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** When the list last changed (content_versions.changed_at); sent as Last-Modified. */
  lastModified?: Date;
}

/** The Last-Modified header of each answer, formatted once rather than on every request. */
const httpDates = new WeakMap<Answer, string>();
function httpDate(answer: Answer & { lastModified: Date }): string {
  let text = httpDates.get(answer);
  if (text === undefined) httpDates.set(answer, (text = answer.lastModified.toUTCString()));
  return text;
}

/** How a prepared body becomes bytes: JSON by default; the open data's CSV has its own. */
export type Encoder = (body: unknown) => Buffer;
const asJson: Encoder = (body) => Buffer.from(JSON.stringify(body));

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
    private readonly encode: Encoder = asJson,
  ) {
    onContentChanged(database, versionName, () => this.invalidate());
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
    const rows = await this.database.query<{ version: number | string; changed_at: Date | string | null }>(
      'SELECT version, changed_at FROM content_versions WHERE name = $1',
      [this.versionName],
    );
    const version = Number(rows[0]?.version ?? 0);
    if (!this.answer || version !== this.version) {
      const changedAt = rows[0]?.changed_at;
      this.answer = {
        ...(await prepare(await this.build(), this.encode)),
        ...(changedAt ? { lastModified: new Date(changedAt) } : {}),
      };
      this.version = version;
    }
    this.checkedAt = Date.now();
    return this.answer;
  }
}

export async function prepare(body: unknown, encode: Encoder = asJson): Promise<Answer> {
  const json = encode(body);
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
export function sendAnswer(
  req: FastifyRequest,
  reply: FastifyReply,
  answer: Answer,
  type = 'application/json; charset=utf-8',
): FastifyReply {
  reply.header('ETag', answer.etag);
  reply.header('Cache-Control', 'no-cache');
  reply.header('Vary', 'Accept-Encoding');
  if (answer.lastModified) reply.header('Last-Modified', httpDate(answer as Answer & { lastModified: Date }));
  const inm = req.headers['if-none-match'];
  if (inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === answer.etag)) {
    return reply.status(304).send();
  }
  // If-Modified-Since counts only without If-None-Match (RFC 9110, 13.1.3).
  const ims = req.headers['if-modified-since'];
  if (!inm && ims && answer.lastModified) {
    const since = Date.parse(ims);
    if (!Number.isNaN(since) && Math.floor(answer.lastModified.getTime() / 1000) * 1000 <= since) {
      return reply.status(304).send();
    }
  }
  reply.type(type);
  const accept = req.headers['accept-encoding'] ?? '';
  if (/\bbr\b/.test(accept)) return reply.header('Content-Encoding', 'br').send(answer.br);
  if (/\bgzip\b/.test(accept)) return reply.header('Content-Encoding', 'gzip').send(answer.gzip);
  return reply.send(answer.json);
}
