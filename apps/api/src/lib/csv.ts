/**
 * CSV as RFC 4180 says: comma-separated fields, CRLF after every record, a field with a
 * comma, semicolon, quote, CR or LF enclosed in double quotes with inner quotes doubled. UTF-8 with a
 * byte-order mark, so spreadsheet programs read Burmese as Burmese.
 *
 * A text that starts with `=`, `+`, `-`, `@`, tab or CR (and is not a plain number) gets a
 * leading apostrophe, so a spreadsheet shows it instead of running it as a formula
 * (docs/decisions/047-open-data.md).
 */
const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  // A semicolon too: spreadsheets set to split on it would start a new cell there, which
  // could begin a formula (`a;=HYPERLINK(...)`); quoted, it stays one cell (issue 24, hole 13).
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvRecords<T extends object>(columns: readonly (keyof T & string)[], rows: readonly T[]) {
  let text = '';
  for (const row of rows) text += `${columns.map((c) => csvField(row[c])).join(',')}\r\n`;
  return text;
}

/** The whole file: a header row of `columns`, then one record per row, as UTF-8 bytes with a BOM. */
export function toCsv<T extends object>(columns: readonly (keyof T & string)[], rows: readonly T[]): Buffer {
  return Buffer.from(`${BOM}${columns.map(csvField).join(',')}\r\n${csvRecords(columns, rows)}`, 'utf8');
}

/** The same file's text, piece by piece, for rows read in batches (docs/decisions/110). */
export async function* csvOf<T extends object>(
  columns: readonly (keyof T & string)[],
  batches: AsyncIterable<readonly T[]>,
): AsyncIterable<string> {
  yield `${BOM}${columns.map(csvField).join(',')}\r\n`;
  for await (const rows of batches) yield csvRecords(columns, rows);
}
