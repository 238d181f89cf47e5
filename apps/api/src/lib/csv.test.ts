import { describe, expect, it } from 'vitest';
import { csvField, csvOf, toCsv } from './csv';

// The open data's CSV is read by outside tools and must stay byte for byte what it was while
// its encoding is made cheaper for a decade's million rows (docs/decisions/127).

const FIELDS: [unknown, string][] = [
  [null, ''],
  [undefined, ''],
  [42, '42'],
  [-3.5, '-3.5'],
  ['-3.5', '-3.5'],
  ['+7', '+7'],
  ['=1+2', "'=1+2"],
  ['@SUM(A1)', "'@SUM(A1)"],
  ['-x', "'-x"],
  ['\tx', "'\tx"],
  ['\rx', `"'\rx"`],
  ['a;=HYPERLINK("x")', '"a;=HYPERLINK(""x"")"'],
  ['Shwe "Golden" Taung, Ltd.', '"Shwe ""Golden"" Taung, Ltd."'],
  ['Yangon (West)\nDistrict', '"Yangon (West)\nDistrict"'],
  ['ရန်ကုန်တိုင်းဒေသကြီး', 'ရန်ကုန်တိုင်းဒေသကြီး'],
  [new Date('2026-01-02T03:04:05.678Z'), '2026-01-02T03:04:05.678Z'],
  [true, 'true'],
];

describe('csvField', () => {
  it('quotes, doubles quotes and defuses formulas as RFC 4180 and decision 047 say', () => {
    for (const [value, text] of FIELDS) expect(csvField(value), String(value)).toBe(text);
  });

  it('gives the same text however often and in whatever order it is called (no state kept between calls)', () => {
    const once = FIELDS.map(([value]) => csvField(value));
    for (let round = 0; round < 3; round++) {
      expect(FIELDS.map(([value]) => csvField(value))).toEqual(once);
      expect([...FIELDS].reverse().map(([value]) => csvField(value))).toEqual([...once].reverse());
    }
  });
});

describe('csvOf', () => {
  it('gives, batch by batch, the bytes toCsv gives for the whole list', async () => {
    const columns = ['id', 'name', 'note', 'n'] as const;
    // Whole numbers are written as digits (decision 127): every kind of number beside them.
    const numbers = [0, -0, -1, 9, 10, 99, 100, 123456789, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER];
    const others = [2 ** 53, 1e21, -1e-7, 72.5, 0.1 + 0.2, NaN, Infinity, -Infinity, '17', null];
    const rows = Array.from({ length: 23 }, (_, i) => ({
      id: i,
      name: i % 4 === 0 ? `=Tower ${i}` : `Tower "${i}", ရန်ကုန်`,
      note: i % 3 === 0 ? null : `line ${i}\r\nnext; ${-i}`,
      n: [...numbers, ...others][i % (numbers.length + others.length)],
    }));
    async function* batches() {
      yield rows.slice(0, 10);
      yield [];
      yield rows.slice(10, 11);
      yield rows.slice(11);
    }
    const pieces: Buffer[] = [];
    for await (const piece of csvOf(columns, batches())) pieces.push(piece);
    expect(Buffer.concat(pieces).equals(toCsv(columns, rows))).toBe(true);
    // The bytes the whole text gave before the records were written as bytes (decision 127).
    const text = rows.map((r) => `${columns.map((c) => csvField(r[c])).join(',')}\r\n`).join('');
    expect(toCsv(columns, rows).toString()).toBe(`\uFEFFid,name,note,n\r\n${text}`);
    expect(toCsv(columns, []).toString()).toBe('\uFEFFid,name,note,n\r\n');
  });
});
