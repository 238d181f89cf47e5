import type { QueryOptions, Results } from '@electric-sql/pglite';

/**
 * The embedded database's answers read in the server's thread (docs/decisions/126-the-database-thread-sends-bytes.md):
 * the database thread sends PostgreSQL's own reply bytes, and this turns them into what
 * PGlite's `query` gives (`rows`, `fields`, `affectedRows`), with PGlite's type parsers, or
 * throws the error PostgreSQL sent with its fields (SQLSTATE `code`, `constraint`...).
 * It loads nothing of PGlite itself (decision 117: the server's thread does not carry it).
 */

export type Parser = (value: string, typeId?: number) => unknown;
export type Parsers = Record<number, Parser>;

// PGlite's parsers by type (src/types.ts of @electric-sql/pglite 0.5, after postgres.js, Unlicense),
// so that rows come out as PGlite gives them; db/pg-wire.test.ts compares the two.
const asNumber: Parser = (x) => +x;
const asBigint: Parser = (x) => {
  const n = BigInt(x);
  return n < Number.MIN_SAFE_INTEGER || n > Number.MAX_SAFE_INTEGER ? n : Number(n);
};
const asJson: Parser = (x) => JSON.parse(x) as unknown;
const asBoolean: Parser = (x) => x === 't';
const asDate: Parser = (x) => (x === 'infinity' ? Infinity : x === '-infinity' ? -Infinity : new Date(x));
/** `\x0aff…` to bytes (PGlite reads it a byte at a time with parseInt; Buffer's hex reader gives the same bytes). */
const asBytes: Parser = (x) => {
  const out = new Uint8Array((x.length - 2) / 2);
  Buffer.from(out.buffer).write(x.slice(2), 'hex');
  return out;
};
const same: Parser = (x) => x;

export const BASE_PARSERS: Parsers = {
  25: same, // text
  1043: same, // varchar
  1042: same, // bpchar
  21: asNumber, // int2
  23: asNumber, // int4
  26: asNumber, // oid
  700: asNumber, // float4
  701: asNumber, // float8
  20: asBigint, // int8
  114: asJson, // json
  3802: asJson, // jsonb
  16: asBoolean, // bool
  1082: asDate, // date
  1114: asDate, // timestamp
  1184: asDate, // timestamptz
  17: asBytes, // bytea
};

/**
 * The parsers of a PGlite: the base ones and one per array type it found when it opened
 * (`[array type, element type]`, as the database thread reports them); an array's elements
 * are parsed by its element type's parser, as PGlite's `_initArrayTypes` does.
 */
export function typeParsers(arrays: [number, number | null][]): Parsers {
  const parsers: Parsers = { ...BASE_PARSERS };
  for (const [typarray, elem] of arrays) {
    parsers[typarray] = (x) => arrayParser(x, elem === null ? undefined : parsers[elem], typarray);
  }
  return parsers;
}

// PGlite's array reader (src/types.ts, after postgres.js), unchanged in what it gives.
const state = { i: 0, char: null as string | null, str: '', quoted: false, last: 0, p: null as string | null };

function arrayParser(x: string, parser: Parser | undefined, typarray: number): unknown {
  state.i = state.last = 0;
  return arrayParserLoop(state, x, parser, typarray)[0];
}

function arrayParserLoop(s: typeof state, x: string, parser: Parser | undefined, typarray: number): unknown[] {
  const xs: unknown[] = [];
  // Only _box (1020) has the ';' delimiter for arrays, all other types use the ',' delimiter
  const delimiter = typarray === 1020 ? ';' : ',';
  for (; s.i < x.length; s.i++) {
    s.char = x[s.i]!;
    if (s.quoted) {
      if (s.char === '\\') {
        s.str += x[++s.i];
      } else if (s.char === '"') {
        xs.push(parser ? parser(s.str) : s.str);
        s.str = '';
        s.quoted = x[s.i + 1] === '"';
        s.last = s.i + 2;
      } else {
        s.str += s.char;
      }
    } else if (s.char === '"') {
      s.quoted = true;
    } else if (s.char === '{') {
      s.last = ++s.i;
      xs.push(arrayParserLoop(s, x, parser, typarray));
    } else if (s.char === '}') {
      if (s.last < s.i) {
        const el = x.slice(s.last, s.i);
        xs.push(el === 'NULL' && !s.quoted ? null : parser ? parser(el) : el);
      }
      s.quoted = false;
      s.last = s.i + 1;
      break;
    } else if (s.char === delimiter && s.p !== '}' && s.p !== '"') {
      const el = x.slice(s.last, s.i);
      xs.push(el === 'NULL' && !s.quoted ? null : parser ? parser(el) : el);
      s.last = s.i + 1;
    }
    s.p = s.char;
  }
  if (s.last < s.i) xs.push(parser ? parser(x.slice(s.last, s.i + 1)) : x.slice(s.last, s.i + 1));
  return xs;
}

/** A database error as PGlite throws it (its `DatabaseError`, named "error"), with the fields PostgreSQL sent. */
export class WireDatabaseError extends Error {
  declare severity?: string;
  declare code?: string;
  declare detail?: string;
  declare hint?: string;
  declare position?: string;
  declare schema?: string;
  declare table?: string;
  declare column?: string;
  declare constraint?: string;
  constructor(message: string) {
    super(message);
    this.name = 'error';
  }
}

/** A string of the reply; a leading byte-order mark is dropped, as PGlite's TextDecoder drops it. */
function text(b: Buffer, start: number, end: number): string {
  if (end - start >= 3 && b[start] === 0xef && b[start + 1] === 0xbb && b[start + 2] === 0xbf) start += 3;
  return b.toString('utf8', start, end);
}

/** The messages of a reply, one at a time: type byte, where its body starts and ends. */
export function eachMessage(b: Buffer, fn: (type: number, start: number, end: number) => void): void {
  for (let at = 0; at + 5 <= b.length;) {
    const end = at + 1 + b.readInt32BE(at + 1);
    fn(b[at]!, at + 5, end);
    at = end;
  }
}

function errorOf(b: Buffer, start: number, end: number): WireDatabaseError {
  const fields: Record<string, string> = {};
  for (let at = start; at < end && b[at] !== 0;) {
    const stop = b.indexOf(0, at + 1);
    fields[String.fromCharCode(b[at]!)] = text(b, at + 1, stop);
    at = stop + 1;
  }
  const err = new WireDatabaseError(fields.M ?? '');
  const named: [string, keyof WireDatabaseError][] = [
    ['S', 'severity'],
    ['C', 'code'],
    ['D', 'detail'],
    ['H', 'hint'],
    ['P', 'position'],
    ['s', 'schema'],
    ['t', 'table'],
    ['c', 'column'],
    ['n', 'constraint'],
  ];
  for (const [k, name] of named) if (fields[k] !== undefined) Object.assign(err, { [name]: fields[k] });
  return err;
}

/** The first error in a reply, if there is one. */
export function replyError(reply: Uint8Array): WireDatabaseError | null {
  const b = Buffer.from(reply.buffer, reply.byteOffset, reply.byteLength);
  let err: WireDatabaseError | null = null;
  eachMessage(b, (type, start, end) => {
    if (type === 0x45 && !err) err = errorOf(b, start, end);
  });
  return err;
}

/** The parameter types in a reply to Describe (statement), in order. */
export function parameterTypes(reply: Uint8Array): number[] {
  const b = Buffer.from(reply.buffer, reply.byteOffset, reply.byteLength);
  const types: number[] = [];
  eachMessage(b, (type, start) => {
    if (type !== 0x74) return;
    const n = b.readInt16BE(start);
    for (let i = 0; i < n; i++) types.push(b.readInt32BE(start + 2 + i * 4));
  });
  return types;
}

/**
 * A query's reply (Bind, Describe, Execute, Sync) as PGlite's `query` answers it: the rows of
 * the first result, parsed by `options.parsers`, else by `parsers`; an error reply throws.
 */
export function readResults<T>(
  reply: ArrayBuffer,
  parsers: Parsers,
  options?: Pick<QueryOptions, 'rowMode' | 'parsers'>,
): Results<T> {
  const b = Buffer.from(reply);
  const own = options?.parsers;
  const asArrays = options?.rowMode === 'array';
  let fields: { name: string; dataTypeID: number }[] = [];
  let parse: (Parser | undefined)[] = [];
  const rows: unknown[] = [];
  let done: Results<T> | null = null;
  let error: WireDatabaseError | null = null;
  eachMessage(b, (type, start, end) => {
    if (error) return;
    // An error after the result (a deferred constraint at the implicit commit) still throws, as in PGlite.
    if (type === 0x45) error = errorOf(b, start, end);
    else if (done) return;
    else if (type === 0x54) {
      // RowDescription: name, table, column, type, size, modifier, format.
      const n = b.readInt16BE(start);
      fields = [];
      for (let i = 0, at = start + 2; i < n; i++) {
        const stop = b.indexOf(0, at);
        fields.push({ name: text(b, at, stop), dataTypeID: b.readInt32BE(stop + 7) });
        at = stop + 19;
      }
      parse = fields.map((f) => own?.[f.dataTypeID] ?? parsers[f.dataTypeID]);
    } else if (type === 0x44) {
      // DataRow: each value's length (-1: NULL) and text.
      const n = b.readInt16BE(start);
      const values: unknown[] = new Array(n);
      for (let i = 0, at = start + 2; i < n; i++) {
        const len = b.readInt32BE(at);
        at += 4;
        if (len === -1) {
          values[i] = null;
        } else {
          const value = text(b, at, at + len);
          const p = parse[i];
          values[i] = p ? p(value, fields[i]!.dataTypeID) : value;
          at += len;
        }
      }
      if (asArrays) {
        rows.push(values);
      } else {
        // As Object.fromEntries: own properties, the last of two same-named columns wins.
        const row: Record<string, unknown> = {};
        for (let i = 0; i < n; i++) {
          const name = fields[i]!.name;
          if (name === '__proto__')
            Object.defineProperty(row, name, {
              value: values[i],
              enumerable: true,
              writable: true,
              configurable: true,
            });
          else row[name] = values[i];
        }
        rows.push(row);
      }
    } else if (type === 0x43) {
      // CommandComplete: "SELECT 2", "INSERT 0 5", "UPDATE 3"...; only these count affected rows.
      const tag = text(b, start, b.indexOf(0, start));
      const parts = tag.split(' ');
      const count = parseInt(parts[parts.length - 1]!, 10);
      const affected = ['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(parts[0]!) ? count : 0;
      done = { rows: rows as T[], fields, affectedRows: affected };
    }
  });
  if (error) throw error;
  return done ?? { rows: [] as T[], fields: [], affectedRows: 0 };
}
