import { describe, expect, it } from 'vitest';
import { renderMessage } from './messages';
import { COVER_LETTER_MAX_BYTES, coverLetterProblem, eietRequestSchema, pileRequestSchema } from './service-requests';

const valid = {
  project_name: 'Tower A',
  project_information: 'Twelve storeys\nTwo basements',
  company_name: 'Shwe Builders',
  address: 'No. 1, Pyay Road, Yangon',
  company_email: 'info@shwe.example',
  contact_phone: '+95 9 123 456 789',
};

function errorsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), renderMessage(i.message)]));
}

describe('service request schemas', () => {
  it('accepts a complete request with the id as text or number', () => {
    expect(eietRequestSchema.parse({ ...valid, eiet_id: '7' }).eiet_id).toBe(7);
    expect(pileRequestSchema.parse({ ...valid, pile_company_id: 3 }).pile_company_id).toBe(3);
  });

  it('names every missing field', () => {
    const errors = errorsOf(eietRequestSchema.safeParse({}));
    expect(errors).toEqual({
      project_name: 'The project name field is required.',
      project_information: 'The project information field is required.',
      company_name: 'The company name field is required.',
      address: 'The address field is required.',
      company_email: 'The company email field is required.',
      contact_phone: 'The contact phone field is required.',
      eiet_id: 'The EIET company field is required.',
    });
  });

  it('treats blank text as missing and checks formats and lengths', () => {
    const errors = errorsOf(
      pileRequestSchema.safeParse({
        ...valid,
        project_name: '   ',
        company_email: 'not-an-email',
        contact_phone: 'call me',
        address: 'x'.repeat(501),
        pile_company_id: 'abc',
      }),
    );
    expect(errors).toEqual({
      project_name: 'The project name field is required.',
      company_email: 'The company email must be a valid email address.',
      contact_phone: 'The contact phone must be a valid phone number.',
      address: 'The address may not be greater than 500 characters.',
      pile_company_id: 'The selected pile company is invalid.',
    });
  });

  it.each(['09-123 456 789', '(01) 234567', '၀၉၁၂၃၄၅၆၇၈'])('accepts the phone number %s', (phone) => {
    expect(eietRequestSchema.safeParse({ ...valid, contact_phone: phone, eiet_id: 1 }).success).toBe(true);
  });
  it.each(['12345', '+', '1'.repeat(21), '12-34-ab'])('refuses the phone number %s', (phone) => {
    expect(eietRequestSchema.safeParse({ ...valid, contact_phone: phone, eiet_id: 1 }).success).toBe(false);
  });
});

describe('coverLetterProblem', () => {
  it('accepts a PDF under 2 MiB', () => {
    expect(
      coverLetterProblem({ name: 'a.pdf', type: 'application/pdf', size: COVER_LETTER_MAX_BYTES - 1 }),
    ).toBeUndefined();
  });
  it('refuses other types and files of 2 MiB or more', () => {
    expect(renderMessage(coverLetterProblem({ name: 'a.docx', type: 'application/msword', size: 10 })!)).toBe(
      'Please select a PDF file.',
    );
    expect(
      renderMessage(coverLetterProblem({ name: 'a.pdf', type: 'application/pdf', size: COVER_LETTER_MAX_BYTES })!),
    ).toBe('File size must be less than 2MB.');
  });
});
