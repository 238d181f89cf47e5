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

/** The whole file: a header row of `columns`, then one record per row, as UTF-8 bytes with a BOM. */
export function toCsv<T extends Record<string, unknown>>(
  columns: readonly (keyof T & string)[],
  rows: readonly T[],
): Buffer {
  const lines = [columns.map(csvField).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvField(row[c])).join(','));
  return Buffer.from(BOM + lines.map((l) => `${l}\r\n`).join(''), 'utf8');
}
