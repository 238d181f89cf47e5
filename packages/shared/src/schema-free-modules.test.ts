import { describe, expect, it, vi } from 'vitest';

// Any module that imports zod fails to load in this file: the schema-free siblings must not
// (docs/decisions/058 and 121). The pages that show Form One's answers, the inspections and the
// counterparts' review import only these, so they build no schema when they load.
vi.mock('zod', () => {
  throw new Error('zod was imported');
});

describe('schema-free modules', () => {
  it.each([
    './form-one-fields',
    './counterpart-review-terms',
    './company-work-terms',
    './construction-stage-terms',
    './change-report-terms',
  ])('%s loads without zod', async (path) => {
    await expect(import(path)).resolves.toBeDefined();
  });

  it('while the modules with the schemas need it', async () => {
    await expect(import('./form-one')).rejects.toThrow();
    await expect(import('./counterpart-review')).rejects.toThrow();
    await expect(import('./change-reports')).rejects.toThrow();
  });
});
