import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { BatchBytes } from './batch-bytes';
import { onContentChanged } from './content-changed';
import { discardStored, etagOfHash, isStored, storeAnswer, type StoredBody } from './stored-answer';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * An answer's bytes: in the heap, or (a whole list past `ANSWER_LIMITS.inMemoryBytes`) in a
 * file of lib/stored-answer.ts, streamed to each request (docs/decisions/110).
 */
export type Body = Buffer | StoredBody;

export interface Answer<B extends Body = Buffer> {
  etag: string;
  /** The plain bytes (JSON unless the answer was built with its own encoder). */
  json: B;
  gzip: B;
  br: B;
  /** When the list last changed (content_versions.changed_at); sent as Last-Modified. */
  lastModified?: Date;
}

/** A prepared answer as kept: its bytes in the heap, or all three forms in files. */
export type Prepared = Answer | Answer<StoredBody>;

/**
 * How large a prepared answer may grow in the heap. A whole list past this (the public project
 * list at a decade's data: 1,000,000 rows are ~250 MB of JSON) is written to files while it is
 * read from the database in batches, and streamed from them (docs/decisions/110). 1 MB is also
 * where brotli's best level stops being affordable (prepareBytes), so an answer below it is
 * made exactly as before.
 */
export const ANSWER_LIMITS = {
  inMemoryBytes: 1_000_000,
  /**
   * How long a replaced stored answer's files stay: a request handed the old answer just
   * before the swap still opens its file (opening is asynchronous); once open, a file is
   * read to its end even after it is removed.
   */
  keepReplacedMs: 30_000,
};

/** The Last-Modified header of each answer, formatted once rather than on every request. */
const httpDates = new WeakMap<Prepared, string>();
function httpDate(answer: Prepared & { lastModified: Date }): string {
  let text = httpDates.get(answer);
  if (text === undefined) httpDates.set(answer, (text = answer.lastModified.toUTCString()));
  return text;
}

/** How a prepared body becomes bytes: JSON by default; the open data's CSV has its own. */
export type Encoder = (body: unknown) => Buffer;
const asJson: Encoder = (body) => Buffer.from(JSON.stringify(body));

/** The pieces of an answer's bytes, made as they are read (a list read in batches). */
export type Source = () => AsyncIterable<Buffer | string>;

/**
 * A whole-list answer kept as ready bytes (plain, gzip and brotli) with an ETag.
 * Reading and serialising the list per request capped an endpoint near 55 requests/s
 * here, and compressing per request near 260; this answers from memory instead.
 * Staleness: the list's counter in content_versions (bumped by triggers) is read at most
 * once per `checkEveryMs`, so every server process sees a change within that time.
 *
 * A list that grows with the data is made from a `Source` (`PreparedAnswer.streamed`): read
 * in batches, kept in the heap while it stays under `ANSWER_LIMITS.inMemoryBytes`, else
 * written to files as it is read and streamed from them, the heap holding only a batch
 * (docs/decisions/110). Such a stored answer is replaced in the background: until the new
 * files are made, the last ones are still sent.
 */
export class PreparedAnswer {
  private answer: Prepared | undefined;
  private version = -1;
  private checkedAt = 0;
  private pending: Promise<Prepared> | undefined;
  /** A stored answer being remade while the last one is still sent. */
  private remaking: Promise<void> | undefined;
  private make: () => Promise<Prepared>;

  constructor(
    private readonly database: Database,
    private readonly versionName: string,
    build: () => Promise<unknown>,
    private readonly checkEveryMs = 1000,
    encode: Encoder = asJson,
  ) {
    this.make = async () => prepare(await build(), encode);
    onContentChanged(database, versionName, () => this.invalidate());
  }

  /** An answer that grows with the data: its bytes made from `source`, in files past the limit. */
  static streamed(database: Database, versionName: string, source: Source, checkEveryMs = 1000): PreparedAnswer {
    const answer = new PreparedAnswer(database, versionName, () => Promise.resolve(undefined), checkEveryMs);
    answer.make = () => prepareSource(source());
    return answer;
  }

  /** The answer if it may be sent without asking the database; else undefined (get() then). */
  peek(): Prepared | undefined {
    return this.answer && Date.now() - this.checkedAt < this.checkEveryMs ? this.answer : undefined;
  }

  async get(): Promise<Prepared> {
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

  private async refresh(): Promise<Prepared> {
    try {
      return await this.load();
    } catch (err) {
      // The database is away (or failed): the last good copy serves until it is back.
      if (!this.answer) throw err;
      this.checkedAt = Date.now();
      return this.answer;
    }
  }

  private async load(): Promise<Prepared> {
    const rows = await this.database.query<{ version: number | string; changed_at: Date | string | null }>(
      'SELECT version, changed_at FROM content_versions WHERE name = $1',
      [this.versionName],
    );
    const version = Number(rows[0]?.version ?? 0);
    const changedAt = rows[0]?.changed_at;
    if (!this.answer) {
      this.answer = await this.made(changedAt);
      this.version = version;
    } else if (version !== this.version) {
      if (isStored(this.answer)) {
        // Remaking a list of a decade's size takes seconds: the last one is sent meanwhile,
        // rather than every request waiting for the new one (docs/decisions/110).
        this.remaking ??= this.remake(version, changedAt).finally(() => {
          this.remaking = undefined;
        });
      } else {
        this.answer = await this.made(changedAt);
        this.version = version;
      }
    }
    this.checkedAt = Date.now();
    return this.answer;
  }

  private async made(changedAt: Date | string | null | undefined): Promise<Prepared> {
    return { ...(await this.make()), ...(changedAt ? { lastModified: new Date(changedAt) } : {}) };
  }

  private async remake(version: number, changedAt: Date | string | null | undefined): Promise<void> {
    try {
      const old = this.answer;
      this.answer = await this.made(changedAt);
      this.version = version;
      if (old && isStored(old)) setTimeout(() => discardStored(old), ANSWER_LIMITS.keepReplacedMs).unref();
    } catch {
      // The database failed: the last answer stays, and the next check tries again.
    }
  }
}

/**
 * Makes an answer from its pieces: in the heap when it stays within the limit (the same bytes,
 * ETag and compression as prepareBytes), else in files (lib/stored-answer.ts).
 */
export async function prepareSource(source: AsyncIterable<Buffer | string>): Promise<Prepared> {
  const held: Buffer[] = [];
  let size = 0;
  const pieces = source[Symbol.asyncIterator]();
  for (;;) {
    const next = await pieces.next();
    if (next.done) return prepareBytes(Buffer.concat(held, size));
    const piece = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    held.push(piece);
    size += piece.length;
    if (size > ANSWER_LIMITS.inMemoryBytes) return storeAnswer(held, pieces);
  }
}

/**
 * `{"data":[...]}` of rows read in batches: the bytes JSON.stringify gives for the whole list,
 * each row's written as it is made rather than kept with the batch's others for a join
 * (lib/batch-bytes.ts; docs/decisions/127).
 */
export async function* jsonListOf(batches: AsyncIterable<readonly unknown[]>): AsyncIterable<Buffer | string> {
  yield '{"data":[';
  let first = true;
  for await (const rows of batches) {
    // Most rows are a few hundred bytes.
    const out = new BatchBytes(rows.length * 384);
    for (const row of rows) {
      if (!first) out.byte(0x2c);
      out.text(JSON.stringify(row));
      first = false;
    }
    yield out.done();
  }
  yield ']}';
}

export async function prepare(body: unknown, encode: Encoder = asJson): Promise<Answer> {
  return prepareBytes(encode(body));
}

/** The ETag of some bytes: a strong validator of exactly this representation. */
export function etagOf(bytes: Buffer): string {
  return etagOfHash(createHash('sha256').update(bytes));
}

/**
 * The plain bytes with their gzip and brotli forms and ETag. Brotli's best level is slow on
 * large bodies: 11 up to 1 MB, else 5; `brQuality` sets it (answers made on request).
 */
export async function prepareBytes(json: Buffer, brQuality?: number): Promise<Answer> {
  const quality = brQuality ?? (json.length > 1_000_000 ? 5 : 11);
  const [gz, br] = await Promise.all([
    gzipAsync(json, { level: 9 }),
    brotliAsync(json, {
      params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: json.length },
    }),
  ]);
  return { etag: etagOf(json), json, gzip: gz, br };
}

/**
 * Answers made on request (a page of the project list) sent like the prepared ones: the
 * JSON's hash is its ETag, and its compressed forms are made once per distinct body, then
 * kept (the last `max` bodies), so a page asked again costs a hash, not a compression
 * (docs/decisions/085).
 */
export class AnswerCache {
  private readonly kept = new Map<string, Answer>();

  constructor(
    private readonly max = 128,
    private readonly brQuality = 5,
  ) {}

  async answerFor(body: unknown): Promise<Answer> {
    const json = asJson(body);
    const etag = etagOf(json);
    const known = this.kept.get(etag);
    if (known) {
      // Most recently used last: the oldest is dropped first.
      this.kept.delete(etag);
      this.kept.set(etag, known);
      return known;
    }
    const answer = await prepareBytes(json, this.brQuality);
    this.kept.set(etag, answer);
    if (this.kept.size > this.max) this.kept.delete(this.kept.keys().next().value!);
    return answer;
  }
}

export const JSON_TYPE = 'application/json; charset=utf-8';

/** What a prepared answer's reply is made of; the Fastify route and the fast path send the same. */
export interface Plan {
  status: 200 | 304;
  headers: [string, string][];
  /** Absent for a 304; a file for a stored answer. */
  body?: Body;
}

/** Which of an answer's replies a request gets. */
export type Variant = 'br' | 'gzip' | 'identity' | 'not-modified';

/**
 * Whether the client already holds this answer: an If-None-Match naming its ETag (weakly
 * compared) or `*` (any current representation, RFC 9110 13.1.2; a prepared answer always
 * has one), or, without If-None-Match, an If-Modified-Since not before its last change.
 */
export function notModified(headers: IncomingHttpHeaders, etag: string, lastModified?: Date): boolean {
  const inm = headers['if-none-match'];
  if (inm)
    return inm.split(',').some((t) => {
      const tag = t.trim();
      return tag === '*' || tag.replace(/^W\//, '') === etag;
    });
  // If-Modified-Since counts only without If-None-Match (RFC 9110, 13.1.3).
  const ims = headers['if-modified-since'];
  if (ims && lastModified) {
    const since = Date.parse(ims);
    if (!Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since) return true;
  }
  return false;
}

export type Coding = 'br' | 'gzip' | 'identity';

/**
 * The coding an Accept-Encoding header prefers among brotli, gzip and none (RFC 9110,
 * 12.5.3): the highest q-value wins, `q=0` forbids a coding, `*` stands for every coding the
 * header does not name, and on a tie brotli (smaller) goes first. Plain bytes are sent when
 * nothing compressed is acceptable. Browsers send a handful of distinct headers, so each
 * header's answer is kept (at most 256, then the list starts over): the fast path pays a
 * Map lookup, not a parse (docs/decisions/085).
 */
const codingOf = new Map<string, Coding>();
export function preferredCoding(header: string | undefined): Coding {
  if (!header) return 'identity';
  let coding = codingOf.get(header);
  if (coding === undefined) {
    coding = negotiateCoding(header);
    if (codingOf.size >= 256) codingOf.clear();
    codingOf.set(header, coding);
  }
  return coding;
}

function negotiateCoding(header: string): Coding {
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    let weight = 1;
    for (const param of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
      if (m) weight = Number(m[1]);
    }
    if (Number.isNaN(weight) || weight < 0 || weight > 1) weight = 0;
    // A coding named twice keeps its first weight.
    if (!q.has(coding)) q.set(coding, weight);
  }
  const star = q.get('*');
  const br = q.get('br') ?? star ?? 0;
  const gzip = q.get('gzip') ?? q.get('x-gzip') ?? star ?? 0;
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return 'identity';
}

/** 304 when the client has the answer, else the best encoding it accepts. */
export function chooseVariant(headers: IncomingHttpHeaders, answer: Prepared): Variant {
  if (notModified(headers, answer.etag, answer.lastModified)) return 'not-modified';
  return preferredCoding(headers['accept-encoding']);
}

/** The status, headers and body of one variant; they depend on nothing else, so the fast path keeps them. */
export function variantPlan(
  answer: Prepared,
  variant: Variant,
  type = JSON_TYPE,
  extra: readonly (readonly [string, string])[] = [],
): Plan {
  const headers: [string, string][] = [
    ...extra.map(([name, value]): [string, string] => [name, value]),
    ['etag', answer.etag],
    ['cache-control', 'no-cache'],
    ['vary', 'Accept-Encoding'],
  ];
  if (answer.lastModified) headers.push(['last-modified', httpDate(answer as Prepared & { lastModified: Date })]);
  if (variant === 'not-modified') return { status: 304, headers };
  headers.push(['content-type', type]);
  if (variant === 'identity') return { status: 200, headers, body: answer.json };
  headers.push(['content-encoding', variant]);
  return { status: 200, headers, body: variant === 'br' ? answer.br : answer.gzip };
}

/** Decides the reply: 304 when the client has the answer, else the best encoding it accepts. */
export function planAnswer(
  headers: IncomingHttpHeaders,
  answer: Prepared,
  type = JSON_TYPE,
  extra: readonly (readonly [string, string])[] = [],
): Plan {
  return variantPlan(answer, chooseVariant(headers, answer), type, extra);
}

/** Sends a prepared answer through Fastify (what the fast path in lib/prepared-fast-path.ts does without it). */
export function sendAnswer(
  req: FastifyRequest,
  reply: FastifyReply,
  answer: Prepared,
  type = JSON_TYPE,
  extra: readonly (readonly [string, string])[] = [],
): FastifyReply {
  const plan = planAnswer(req.headers, answer, type, extra);
  for (const [name, value] of plan.headers) reply.header(name, value);
  const body = plan.body;
  if (body === undefined || Buffer.isBuffer(body)) return reply.status(plan.status).send(body);
  // A stored answer: its length as for bytes in the heap, its file streamed (with backpressure);
  // a HEAD gets an empty stream, which Fastify's HEAD handler leaves the length on.
  reply.header('content-length', String(body.size));
  return reply.status(plan.status).send(req.method === 'HEAD' ? Readable.from([]) : createReadStream(body.path));
}
