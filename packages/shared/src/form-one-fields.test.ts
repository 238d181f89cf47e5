import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EIET_COMPANY_ID, EMAIL_PATTERN, FORM_ONE_FIELDS, formOneProblems, type FormOneField } from './form-one-fields';
import { formOneErrors } from './form-one';
import { completeFormOne, fullFormOne } from './form-one.fixture';

/**
 * The form's own check (`formOneProblems`, no zod) against the server's (`formOneErrors`, the
 * zod submit schema): the same problems, codes and order for the answers a form can hold
 * (docs/decisions/121-pages-that-build-no-schemas.md).
 */

/** A seeded generator (a linear congruential one, glibc's constants), so that a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  const next = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 4294967296;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick };
}

const TEXTS = ['', '   ', 'Shwe Pyi Tower', '  padded  ', '၁၂၃', 'x'] as const;
const EMAILS = ['someone@example.com', 'a@b', 'two@@example.test', 'x y@example.test', ' ok@example.test '];
const PHONES = ['09-421 000 111', '+95 9 123456789', '၀၉၄၂၁၀၀၀၁၁၁', 'abc', '12345', '+', '1'.repeat(21)];
const DATES = ['2026-03-02', '2024-02-29', '2026-02-30', '02/03/2026', '1800-01-01', ' 2026-03-02 '];
/** What a wrong client might send in place of a field's value. */
const WRONG = [42, 0, true, false, ['a'], { a: 1 }] as const;

function valueFor(f: FormOneField, r: ReturnType<typeof random>, wrongTypes: boolean): unknown {
  const roll = r.next();
  if (roll < 0.2) return undefined;
  if (roll < 0.25) return null;
  if (wrongTypes && roll < 0.28) return f.kind === 'checkbox' ? r.pick(['yes', '', 'true']) : r.pick(WRONG);
  if (f.kind === 'checkbox') return r.next() < 0.7;
  if (roll < 0.3) return 'x'.repeat(f.max + (r.next() < 0.5 ? 0 : 1));
  if (f.kind === 'email') return r.pick(EMAILS);
  if (f.kind === 'tel') return r.pick(PHONES);
  if (f.kind === 'date') return r.pick(DATES);
  return r.pick(TEXTS);
}

/**
 * Answers of every kind: half are a complete form with up to three answers changed, half are
 * drawn field by field; one in five may hold a value of the wrong type.
 */
function generated(count: number, seed: number): Record<string, unknown>[] {
  const r = random(seed);
  return Array.from({ length: count }, (_, i) => {
    const wrongTypes = i % 5 === 0;
    const data: Record<string, unknown> = i % 2 === 0 ? r.pick([completeFormOne, fullFormOne])() : {};
    const changes = i % 2 === 0 ? Math.floor(r.next() * 4) : FORM_ONE_FIELDS.length;
    for (let n = 0; n < changes; n += 1) {
      const f = i % 2 === 0 ? r.pick(FORM_ONE_FIELDS) : FORM_ONE_FIELDS[n]!;
      data[f.name] = valueFor(f, r, wrongTypes);
    }
    // The EIET company's id as the form holds it: absent, empty or the digits of a company.
    data[EIET_COMPANY_ID] = r.pick([undefined, '', '12', '999999999', 7]);
    return data;
  });
}

describe("Form One's own check, without zod", () => {
  it('finds what the submit schema finds in the fixtures and an empty form', () => {
    for (const data of [{}, completeFormOne(), fullFormOne(), completeFormOne({ building_type_1: '' })]) {
      expect(formOneProblems(data)).toEqual(formOneErrors(data));
    }
  });

  it('finds what the submit schema finds, with the same codes in the same order, in 1,000 generated forms', () => {
    const answers = generated(1000, 31);
    let withProblems = 0;
    let buildingRule = 0;
    for (const data of answers) {
      const expected = formOneErrors(data);
      const got = formOneProblems(data);
      expect(Object.keys(got), JSON.stringify(data)).toEqual(Object.keys(expected));
      expect(got, JSON.stringify(data)).toEqual(expected);
      if (Object.keys(expected).length > 0) withProblems += 1;
      if (expected.building_type_1?.some((c) => c.startsWith('building_type_required'))) buildingRule += 1;
    }
    // The generator reaches the rules: most forms break some, and the building rows' rule is met.
    expect(withProblems).toBeGreaterThan(500);
    expect(buildingRule).toBeGreaterThan(50);
    expect(answers.length - withProblems).toBeGreaterThan(50);
  });

  it("uses zod's own e-mail pattern", () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
    expect(EMAIL_PATTERN.flags).toBe(z.regexes.email.flags);
  });
});
