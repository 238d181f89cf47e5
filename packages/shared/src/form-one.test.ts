import { describe, expect, it } from 'vitest';
import {
  ENGINEER_ROLES,
  FORM_ONE_FIELDS,
  FORM_ONE_STEPS,
  SIGNATURES,
  cleanFormOneData,
  formOneErrors,
  formOneSubmitSchema,
  formatReferenceNumber,
  registrationDraftSchema,
  stepOfField,
} from './form-one';
import { completeFormOne, fullFormOne } from './form-one.fixture';
import { renderMessage } from './messages';

/** The first error of a field, in English. */
function errorOf(data: Record<string, unknown>, field: string): string | undefined {
  const code = formOneErrors(data)[field]?.[0];
  return code === undefined ? undefined : renderMessage(code, 'en');
}

describe('Form One fields (specification section 3)', () => {
  it('has seven steps with the specified titles', () => {
    expect(FORM_ONE_STEPS.map((s) => `${s.number} ${s.title.en}`)).toEqual([
      '1 Basic Project Information',
      '2 Management and Personnel',
      '3 Company Appointed Engineers',
      '4 Project Summary',
      "5 Project Director's Statement",
      '6 Company Endorsement',
      '7 Professional Signatures',
    ]);
  });

  it('lists every field of section 3 under its real name, each once', () => {
    const names = FORM_ONE_FIELDS.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    const step = (n: number) => FORM_ONE_STEPS[n - 1]!.groups.flatMap((g) => g.fields.map((f) => f.name)).sort();
    expect(step(1)).toEqual(
      [
        'project_name',
        'project_location',
        'project_owner',
        'owner_address',
        'project_director',
        'director_email',
        'director_phone',
        'submission_date',
        'hpbc_registration',
        'eiet_company',
        'eiet_address',
        'eiet_director',
        'eiet_email',
        'eiet_phone',
      ].sort(),
    );
    expect(step(2)).toEqual(
      [
        'project_management',
        'management_address',
        'project_manager',
        'manager_email',
        'manager_phone',
        'main_contractor',
        'contractor_address',
        'contractor_engineer',
        'contractor_email',
        'contractor_phone',
        'pe_sla',
        'pe_email',
        'pe_phone',
        'ypbs_permit',
        'qc_head',
        'qc_email',
        'qc_phone',
        'safety_head',
        'safety_email',
        'safety_phone',
      ].sort(),
    );
    // 14 people of four fields each.
    const roles = [
      'architect',
      'structure',
      'geotechnical',
      'project_engineer',
      'water_sanitation',
      'electrical',
      'acmv',
    ];
    expect(step(3)).toEqual(
      roles
        .flatMap((r) => [r, `national_${r}`])
        .flatMap((p) => ['name', 'license', 'email', 'phone'].map((x) => `${p}_${x}`))
        .sort(),
    );
    expect(step(3)).toHaveLength(56);
    expect(step(4)).toEqual(
      [
        'project_area',
        ...[1, 2, 3].flatMap((n) =>
          ['building_type', 'plinth_area', 'basement_floors', 'ground_floors', 'total_area'].map((x) => `${x}_${n}`),
        ),
      ].sort(),
    );
    expect(step(5)).toEqual(['statement1', 'statement2']);
    expect(step(6)).toEqual(['company_name', 'endorsement']);
    expect(step(7)).toHaveLength(40);
  });

  it('numbers the twenty signatures as the committee form does, national ACMV just before (16)', () => {
    const groups = FORM_ONE_STEPS[6]!.groups;
    expect(groups.map((g) => g.number)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const titled = Object.fromEntries(groups.map((g) => [g.number, g.title.en]));
    expect(titled[15]).toBe('National Counterpart (ACMV)');
    expect(titled[16]).toBe('Mechanical (B.S)');
    expect(titled[17]).toBe('National Counterpart (Mechanical)');
    expect(titled[18]).toBe('Project Manager');
    expect(titled[19]).toBe('Engineer In Charge (Main Contract)');
    expect(titled[20]).toBe('Engineer In Charge (EIET)');
    expect(SIGNATURES.map((s) => s.key)).toEqual([
      'sig_project_director',
      'sig_architect',
      'sig_national_architect',
      'sig_structural',
      'sig_national_structural',
      'sig_geotechnical',
      'sig_national_geotechnical',
      'sig_project_engineer',
      'sig_national_project_engineer',
      'sig_water_sanitation',
      'sig_national_water_sanitation',
      'sig_electrical',
      'sig_national_electrical',
      'sig_acmv',
      'sig_national_acmv',
      'sig_mechanical',
      'sig_national_mechanical',
      'sig_project_manager',
      'sig_engineer_main_contract',
      'sig_engineer_eiet',
    ]);
  });

  it('uses email and tel kinds for every email and phone field', () => {
    for (const f of FORM_ONE_FIELDS) {
      if (/_email$/.test(f.name)) expect(f.kind, f.name).toBe('email');
      if (/_phone$/.test(f.name)) expect(f.kind, f.name).toBe('tel');
    }
  });

  it('knows the step of each field', () => {
    expect(stepOfField('project_name')).toBe(1);
    expect(stepOfField('qc_head')).toBe(2);
    expect(stepOfField('national_acmv_phone')).toBe(3);
    expect(stepOfField('plinth_area_3')).toBe(4);
    expect(stepOfField('statement2')).toBe(5);
    expect(stepOfField('company_name')).toBe(6);
    expect(stepOfField('sig_engineer_eiet_license')).toBe(7);
    expect(stepOfField('nope')).toBeUndefined();
  });
});

describe('Form One submit rules (intended rules of section 5)', () => {
  it('accepts a complete registration', () => {
    expect(formOneErrors(completeFormOne())).toEqual({});
    expect(formOneErrors(fullFormOne())).toEqual({});
  });

  const required: [string, string][] = [
    // Step 1
    ['project_name', 'Project name is required'],
    ['project_location', 'Project location is required'],
    ['project_owner', 'Project owner is required'],
    ['project_director', 'Project Director name is required'],
    ['director_email', 'Project Director email is required'],
    ['director_phone', 'Project Director phone is required'],
    ['submission_date', 'Submission date is required'],
    ['hpbc_registration', 'HPBC registration number is required'],
    ['eiet_company', 'EIET company name is required'],
    ['eiet_address', 'EIET company address is required'],
    ['eiet_director', 'EIET director name is required'],
    ['eiet_email', 'EIET director email is required'],
    ['eiet_phone', 'EIET director phone is required'],
    // Step 2
    ['project_management', 'Project management company is required'],
    ['management_address', 'Management address is required'],
    ['project_manager', 'Project Manager name is required'],
    ['main_contractor', 'Main contractor name is required'],
    ['contractor_engineer', 'Contractor engineer name is required'],
    ['pe_sla', 'PE/SLA name is required'],
    ['ypbs_permit', 'YPBS permit number is required'],
    ['qc_head', 'QC head name is required'],
    ['safety_head', 'Safety head name is required'],
    // Step 3
    ['architect_name', 'Architect name is required'],
    ['architect_license', 'Architect license is required'],
    ['structure_name', 'Structural Engineer name is required'],
    ['structure_license', 'Structural Engineer license is required'],
    ['geotechnical_name', 'Geotechnical Engineer name is required'],
    ['geotechnical_license', 'Geotechnical Engineer license is required'],
    ['project_engineer_name', 'Project Engineer name is required'],
    ['project_engineer_license', 'Project Engineer license is required'],
    ['water_sanitation_name', 'Water Supply and Sanitation Engineer name is required'],
    ['water_sanitation_license', 'Water Supply and Sanitation Engineer license is required'],
    ['electrical_name', 'Electrical Engineer name is required'],
    ['electrical_license', 'Electrical Engineer license is required'],
    ['acmv_name', 'ACMV Engineer name is required'],
    ['acmv_license', 'ACMV Engineer license is required'],
    // Step 4
    ['project_area', 'Project area is required'],
    // Step 6
    ['company_name', 'Company name is required'],
    // Step 7
    ['sig_project_director_name', 'Project Director signature name is required'],
    ['sig_project_director_license', 'Project Director signature license is required'],
    ['sig_architect_name', 'Architect signature name is required'],
    ['sig_architect_license', 'Architect signature license is required'],
  ];

  it.each(required)('%s: "%s" when missing, empty or blank', (field, message) => {
    for (const value of [undefined, '', '   ', null]) {
      const data: Record<string, unknown> = completeFormOne();
      if (value === undefined) delete data[field];
      else data[field] = value;
      const errors = formOneErrors(data);
      expect(Object.keys(errors), `${field}=${JSON.stringify(value)}`).toEqual([field]);
      expect(errors[field]!.map((c) => renderMessage(c, 'en'))).toEqual([message]);
    }
  });

  it('leaves the national counterparts and other contact details optional', () => {
    const data = completeFormOne();
    for (const { key } of ENGINEER_ROLES) {
      expect(data[`national_${key}_name`]).toBeUndefined();
    }
    for (const f of [
      'owner_address',
      'manager_email',
      'contractor_phone',
      'national_acmv_license',
      'sig_mechanical_name',
    ]) {
      expect(formOneErrors({ ...data, [f]: '' })).toEqual({});
    }
  });

  it('needs at least one building type, and a plinth area for building type 1', () => {
    const data = completeFormOne({ building_type_1: '', plinth_area_1: '' });
    expect(errorOf(data, 'building_type_1')).toBe('At least one building type is required');
    expect(errorOf(data, 'plinth_area_1')).toBe('Plinth area is required for building type 1');
  });

  it('asks for the plinth area of building type 1 when its type is given', () => {
    const errors = formOneErrors(completeFormOne({ plinth_area_1: '' }));
    expect(Object.keys(errors)).toEqual(['plinth_area_1']);
    expect(renderMessage(errors.plinth_area_1![0]!)).toBe('Plinth area is required for building type 1');
  });

  it('accepts a building type given in another row, with its plinth area', () => {
    const data = completeFormOne({
      building_type_1: '',
      plinth_area_1: '',
      building_type_2: 'Car park',
      plinth_area_2: '300',
    });
    expect(formOneErrors(data)).toEqual({});
    const noPlinth = completeFormOne({ building_type_3: 'Shops', plinth_area_3: '' });
    expect(errorOf(noPlinth, 'plinth_area_3')).toBe('Plinth area is required for building type 3');
  });

  it.each([
    ['statement1', 'Statement 1 must be checked'],
    ['statement2', 'Statement 2 must be checked'],
    ['endorsement', 'Company endorsement must be checked'],
  ])('%s: "%s" when unchecked or missing', (field, message) => {
    expect(errorOf(completeFormOne({ [field]: false }), field)).toBe(message);
    const data: Record<string, unknown> = completeFormOne();
    delete data[field];
    expect(errorOf(data, field)).toBe(message);
  });

  it('reports every rule of an empty form at once, in the order of the form', () => {
    const errors = formOneErrors({});
    const keys = Object.keys(errors);
    expect(keys).toEqual([
      ...required.map(([f]) => f).filter((f) => stepOfField(f)! <= 4 && f !== 'project_area'),
      'project_area',
      'building_type_1',
      'plinth_area_1',
      'statement1',
      'statement2',
      'endorsement',
      'company_name',
      'sig_project_director_name',
      'sig_project_director_license',
      'sig_architect_name',
      'sig_architect_license',
    ]);
  });

  it.each(['director_email', 'eiet_email', 'manager_email', 'qc_email', 'national_architect_email'])(
    '%s must be a valid email address when given',
    (field) => {
      for (const bad of ['not-an-email', 'a@b', 'two@@example.test', 'x y@example.test']) {
        expect(errorOf(completeFormOne({ [field]: bad }), field), bad).toMatch(/must be a valid email address$/);
      }
      expect(errorOf(completeFormOne({ [field]: 'someone@example.com' }), field)).toBeUndefined();
    },
  );

  it.each(['director_phone', 'eiet_phone', 'safety_phone', 'acmv_phone'])(
    '%s must be a valid phone number when given',
    (field) => {
      for (const bad of ['abc', '12345', '09-12a-456', '+', '1'.repeat(21)]) {
        expect(errorOf(completeFormOne({ [field]: bad }), field), bad).toMatch(/must be a valid phone number$/);
      }
      for (const good of ['09-421 000 111', '+95 9 123456789', '(01) 234567', '၀၉၄၂၁၀၀၀၁၁၁']) {
        expect(errorOf(completeFormOne({ [field]: good }), field), good).toBeUndefined();
      }
    },
  );

  it('checks the submission date is a real date', () => {
    for (const bad of ['2026-02-30', '02/03/2026', '2026-13-01', '1800-01-01', 'tomorrow']) {
      expect(errorOf(completeFormOne({ submission_date: bad }), 'submission_date'), bad).toBe(
        'Submission date must be a valid date (YYYY-MM-DD)',
      );
    }
    expect(errorOf(completeFormOne({ submission_date: '2024-02-29' }), 'submission_date')).toBeUndefined();
  });

  it('bounds every text field', () => {
    for (const f of FORM_ONE_FIELDS) {
      if (f.kind === 'checkbox') continue;
      const tooLong = f.kind === 'email' ? `${'a'.repeat(f.max)}@x.test` : 'x'.repeat(f.max + 1);
      expect(errorOf(completeFormOne({ [f.name]: tooLong }), f.name), f.name).toMatch(
        /must not be longer than \d+ characters$/,
      );
    }
  });

  it('rejects values of the wrong type', () => {
    expect(errorOf({ ...completeFormOne(), project_name: 42 }, 'project_name')).toBe('Project name is invalid');
    expect(errorOf({ ...completeFormOne(), statement1: 'yes' }, 'statement1')).toBe('Statement 1 is invalid');
  });

  it('trims answers and drops unknown fields', () => {
    const parsed = formOneSubmitSchema.parse({ ...completeFormOne({ project_name: '  Tower  ' }), admin: true });
    expect(parsed.project_name).toBe('Tower');
    expect(parsed).not.toHaveProperty('admin');
  });

  it('renders its messages in Burmese with the English role names', () => {
    const code = formOneErrors(completeFormOne({ architect_license: '' })).architect_license![0]!;
    expect(renderMessage(code, 'my')).toBe('Architect ၏ လိုင်စင်အမှတ် ကို ဖြည့်ရန် လိုအပ်ပါသည်။');
    const building = formOneErrors(completeFormOne({ building_type_1: '', plinth_area_1: '' }));
    expect(renderMessage(building.building_type_1![0]!, 'my')).toBe('အဆောက်အအုံ အမျိုးအစား အနည်းဆုံး တစ်ခု ဖြည့်ရန် လိုအပ်ပါသည်။');
    expect(renderMessage(formOneErrors(completeFormOne({ statement1: false })).statement1![0]!, 'my')).toBe(
      'ကတိဝန်ခံချက် ၁ ကို အမှန်ခြစ်ရန် လိုအပ်ပါသည်။',
    );
    // Building rows are numbered with Burmese digits in Burmese (docs/decisions/025).
    expect(renderMessage(building.plinth_area_1![0]!, 'my')).toBe(
      'အဆောက်အအုံ အမျိုးအစား ၁ အတွက် အောက်ခံ ဧရိယာ (Plinth Area) ဖြည့်ရန် လိုအပ်ပါသည်။',
    );
    expect(renderMessage(building.plinth_area_1![0]!, 'en')).toBe('Plinth area is required for building type 1');
  });
});

describe('Form One drafts', () => {
  it('accepts any subset of known fields', () => {
    expect(registrationDraftSchema.safeParse({}).success).toBe(true);
    expect(
      registrationDraftSchema.safeParse({ data: { project_name: 'T', statement1: false }, current_step: 3 }).success,
    ).toBe(true);
  });

  it('rejects wrong types, oversized values and impossible steps', () => {
    const fail = (body: unknown) => {
      const r = registrationDraftSchema.safeParse(body);
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${renderMessage(i.message)}`);
    };
    expect(fail({ data: { project_name: 5 } })).toEqual(['data.project_name: Project name is invalid']);
    expect(fail({ data: { statement1: 'on' } })).toEqual(['data.statement1: Statement 1 is invalid']);
    expect(fail({ data: { project_name: 'x'.repeat(256) } })).toEqual([
      'data.project_name: Project name must not be longer than 255 characters',
    ]);
    expect(fail({ current_step: 8 })).toHaveLength(1);
    expect(fail({ current_step: 0 })).toHaveLength(1);
    expect(fail({ current_step: 2.5 })).toHaveLength(1);
  });

  it('keeps only known fields of the right type', () => {
    expect(cleanFormOneData({ project_name: 'A', statement1: true, hacker: 'x', project_owner: 3 })).toEqual({
      project_name: 'A',
      statement1: true,
    });
  });
});

describe('reference numbers', () => {
  it('reads HPBC-year-six digits', () => {
    expect(formatReferenceNumber(2026, 123)).toBe('HPBC-2026-000123');
    expect(formatReferenceNumber(2027, 1234567)).toBe('HPBC-2027-1234567');
  });
});
