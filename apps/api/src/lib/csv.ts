/**
 * CSV as RFC 4180 says: comma-separated fields, CRLF after every record, a field with a
 * comma, semicolon, quote, CR or LF enclosed in double quotes with inner quotes doubled. UTF-8 with a
 * byte-order mark, so spreadsheet programs read Burmese as Burmese.
 *
 * A text that starts with `=`, `+`, `-`, `@`, tab or CR (and is not a plain number) gets a
 * leading apostrophe, so a spreadsheet shows it instead of running it as a formula
 * (docs/decisions/047-open-data.md).
 */
import { BatchBytes } from './batch-bytes';

const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;
// Module constants, not literals in csvField: a regular expression literal is a new RegExp
// object each time it is evaluated, and the open data's CSV evaluates csvField eleven million
// times at a decade's size (docs/decisions/127). `test` and `replace` of these keep no state
// between calls (`replace` with the g flag starts from the beginning of each text).
const NEEDS_QUOTES = /[",;\r\n]/;
const QUOTE = /"/g;

export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  // A semicolon too: spreadsheets set to split on it would start a new cell there, which
  // could begin a formula (`a;=HYPERLINK(...)`); quoted, it stays one cell (issue 24, hole 13).
  return NEEDS_QUOTES.test(text) ? `"${text.replace(QUOTE, '""')}"` : text;
}

/**
 * The records of `rows` as UTF-8 bytes, each ending in CRLF (after `head`), written field by
 * field: no record's text is kept for a join, and a whole number (an id, an RN number) is
 * written as its digits, not made a text by String(n) (lib/batch-bytes.ts; docs/decisions/127).
 */
function csvRecords<T extends object>(columns: readonly (keyof T & string)[], rows: readonly T[], head = ''): Buffer {
  // Most records are a few hundred bytes.
  const out = new BatchBytes(head.length * 3 + rows.length * 256);
  out.text(head);
  for (const row of rows) {
    for (let c = 0; c < columns.length; c++) {
      if (c > 0) out.byte(0x2c);
      const value = row[columns[c]!];
      if (typeof value === 'number' && Number.isSafeInteger(value)) out.whole(value);
      else out.text(csvField(value));
    }
    out.byte(0x0d);
    out.byte(0x0a);
  }
  return out.done();
}

const headerOf = (columns: readonly string[]) => `${BOM}${columns.map(csvField).join(',')}\r\n`;

/** The whole file: a header row of `columns`, then one record per row, as UTF-8 bytes with a BOM. */
export function toCsv<T extends object>(columns: readonly (keyof T & string)[], rows: readonly T[]): Buffer {
  return csvRecords(columns, rows, headerOf(columns));
}

/** The same file's bytes, piece by piece, for rows read in batches (docs/decisions/110). */
export async function* csvOf<T extends object>(
  columns: readonly (keyof T & string)[],
  batches: AsyncIterable<readonly T[]>,
): AsyncIterable<Buffer> {
  yield Buffer.from(headerOf(columns));
  for await (const rows of batches) yield csvRecords(columns, rows);
}
