import { toMyanmarDigits } from './digits';
import { registerFieldLabels, registerValueLabels, rule } from './messages';
import { PRODUCT, type Locale } from './product';
import type { Inspection } from './company-work-terms';
import type { StageNotice } from './construction-stage-terms';
import {
  REGISTRATION_STATUSES,
  STATUS_INFO,
  statusesEditableBy,
  type RegistrationStatus,
} from './registration-workflow';

/**
 * Form One, the committee's seven-step project registration (specification sections 2, 3
 * and 5). This file is the single list of its steps and fields and of their rules: the form,
 * the review page, the read-only view, the PDF and the server all walk it, and the one submit
 * schema (form-one.ts) is built from it. It builds no zod schema and imports no zod, so the
 * pages that show or check Form One's answers load none (decision 058's schema-free sibling;
 * docs/decisions/121-pages-that-build-no-schemas.md).
 */

export type L10n = Record<Locale, string>;
export type FormOneFieldKind = 'text' | 'textarea' | 'email' | 'tel' | 'date' | 'checkbox';

export interface FormOneField {
  /** The input's `name`, the key in the stored data and in 422 errors (section 3). */
  name: string;
  kind: FormOneFieldKind;
  /** The label inside its group (the group title gives the context, e.g. "Architect" › "Name"). */
  label: L10n;
  /** The field named on its own, for messages: "Architect license". */
  messageLabel: L10n;
  /** Checked on submit (the intended rules of section 5). */
  required: boolean;
  /** Longest accepted value (text fields). */
  max: number;
  autoComplete?: string;
}

export interface FormOneGroup {
  id: string;
  title: L10n;
  /** The number the committee's paper form gives the section, shown as "(16)". */
  number?: number;
  fields: FormOneField[];
  /** Layout hint: a row of short fields (building rows, signatures). */
  compact?: boolean;
}

export interface FormOneStep {
  number: number;
  id: string;
  title: L10n;
  groups: FormOneGroup[];
}

export const FORM_ONE_STEP_COUNT = 7;
export const BUILDING_ROWS = [1, 2, 3] as const;

const LEN = { name: 255, address: 500, email: 254, phone: 32, license: 100, short: 255, long: 2000 } as const;

const ui = {
  name: { en: 'Name', my: 'အမည်' },
  address: { en: 'Address', my: 'လိပ်စာ' },
  email: { en: 'Email', my: 'အီးမေးလ်' },
  phone: { en: 'Phone', my: 'ဖုန်းနံပါတ်' },
  license: { en: 'License No.', my: 'လိုင်စင်အမှတ်' },
} satisfies Record<string, L10n>;

interface FieldOpts {
  required?: boolean;
  max?: number;
  messageLabel?: L10n;
  autoComplete?: string;
}

function field(name: string, kind: FormOneFieldKind, label: L10n, opts: FieldOpts = {}): FormOneField {
  const max =
    opts.max ??
    (kind === 'email'
      ? LEN.email
      : kind === 'tel'
        ? LEN.phone
        : kind === 'date'
          ? 10
          : kind === 'textarea'
            ? LEN.address
            : LEN.name);
  return {
    name,
    kind,
    label,
    messageLabel: opts.messageLabel ?? label,
    required: opts.required ?? false,
    max,
    autoComplete: opts.autoComplete,
  };
}

/** "Project Director" + "email" → "Project Director email" / "Project Director ၏ အီးမေးလ်". */
const of = (who: L10n, what: L10n): L10n => ({
  en: `${who.en} ${what.en.charAt(0).toLowerCase()}${what.en.slice(1)}`,
  my: `${who.my} ၏ ${what.my}`,
});

/** A person's name, email and phone, in that order; the name field is called `nameField`. */
function contact(
  who: L10n,
  names: { name: string; email: string; phone: string },
  required: { name?: boolean; email?: boolean; phone?: boolean } = {},
): FormOneField[] {
  return [
    field(names.name, 'text', ui.name, { required: required.name, messageLabel: of(who, ui.name) }),
    field(names.email, 'email', ui.email, { required: required.email, messageLabel: of(who, ui.email) }),
    field(names.phone, 'tel', ui.phone, { required: required.phone, messageLabel: of(who, ui.phone) }),
  ];
}

const t = (en: string, my: string): L10n => ({ en, my });

// ---- Step 1 -------------------------------------------------------------------------

const director = t('Project Director', 'Project Director');
const eiet = t('EIET company', 'EIET ကုမ္ပဏီ');
const eietDirector = t('EIET director', 'EIET Director');

const step1: FormOneStep = {
  number: 1,
  id: 'basic',
  title: t('Basic Project Information', 'စီမံကိန်း အခြေခံ အချက်အလက်များ'),
  groups: [
    {
      id: 'project',
      title: t('Project', 'စီမံကိန်း'),
      fields: [
        field('project_name', 'text', t('Project name', 'စီမံကိန်းအမည်'), { required: true }),
        field('project_location', 'textarea', t('Project location', 'စီမံကိန်း တည်နေရာ'), { required: true }),
        field('project_owner', 'text', t('Project owner', 'စီမံကိန်း ပိုင်ရှင်'), { required: true }),
        field('owner_address', 'textarea', t("Owner's address", 'ပိုင်ရှင်၏ လိပ်စာ'), {
          messageLabel: t("Owner's address", 'ပိုင်ရှင်၏ လိပ်စာ'),
        }),
      ],
    },
    {
      id: 'director',
      title: director,
      fields: contact(
        director,
        { name: 'project_director', email: 'director_email', phone: 'director_phone' },
        { name: true, email: true, phone: true },
      ),
    },
    {
      id: 'registration',
      title: t('Registration', 'မှတ်ပုံတင်မှု'),
      fields: [
        field('submission_date', 'date', t('Submission date', 'တင်သွင်းသည့် ရက်စွဲ'), { required: true }),
        field('hpbc_registration', 'text', t(`${PRODUCT.short} registration number`, `${PRODUCT.short} မှတ်ပုံတင်အမှတ်`), {
          required: true,
          max: LEN.license,
        }),
      ],
    },
    {
      id: 'eiet',
      title: t('EIET company', 'EIET ကုမ္ပဏီ'),
      fields: [
        field('eiet_company', 'text', t('Company name', 'ကုမ္ပဏီအမည်'), {
          required: true,
          messageLabel: t('EIET company name', 'EIET ကုမ္ပဏီအမည်'),
        }),
        field('eiet_address', 'textarea', ui.address, { required: true, messageLabel: of(eiet, ui.address) }),
        ...contact(
          eietDirector,
          { name: 'eiet_director', email: 'eiet_email', phone: 'eiet_phone' },
          { name: true, email: true, phone: true },
        ).map((f) =>
          f.name === 'eiet_director'
            ? { ...f, label: t('Director name', 'Director ၏ အမည်') }
            : f.name === 'eiet_email'
              ? { ...f, label: t('Director email', 'Director ၏ အီးမေးလ်') }
              : { ...f, label: t('Director phone', 'Director ၏ ဖုန်းနံပါတ်') },
        ),
      ],
    },
  ],
};

// ---- Step 2 -------------------------------------------------------------------------

const management = t('Project management company', 'Project Management ကုမ္ပဏီ');
const manager = t('Project Manager', 'Project Manager');
const contractor = t('Main contractor', 'Main Contractor');
const contractorEngineer = t('Contractor engineer', 'Contractor Engineer');
const peSla = t('PE/SLA', 'PE/SLA');
const qc = t('QC head', 'QC Head');
const safety = t('Safety head', 'Safety Head');

const step2: FormOneStep = {
  number: 2,
  id: 'management',
  title: t('Management and Personnel', 'စီမံခန့်ခွဲမှုနှင့် ဝန်ထမ်းများ'),
  groups: [
    {
      id: 'management',
      title: t('Project management', 'Project Management'),
      fields: [
        field('project_management', 'text', t('Management company', 'Project Management ကုမ္ပဏီအမည်'), {
          required: true,
          messageLabel: management,
        }),
        field('management_address', 'textarea', ui.address, {
          required: true,
          messageLabel: t('Management address', 'Project Management ကုမ္ပဏီ၏ လိပ်စာ'),
        }),
        ...contact(
          manager,
          { name: 'project_manager', email: 'manager_email', phone: 'manager_phone' },
          { name: true },
        ).map((f) =>
          f.name === 'project_manager' ? { ...f, label: t('Project Manager name', 'Project Manager ၏ အမည်') } : f,
        ),
      ],
    },
    {
      id: 'contractor',
      title: contractor,
      fields: [
        field('main_contractor', 'text', t('Main contractor name', 'Main Contractor အမည်'), {
          required: true,
          messageLabel: t('Main contractor name', 'Main Contractor အမည်'),
        }),
        field('contractor_address', 'textarea', ui.address, { messageLabel: of(contractor, ui.address) }),
        ...contact(
          contractorEngineer,
          { name: 'contractor_engineer', email: 'contractor_email', phone: 'contractor_phone' },
          { name: true },
        ).map((f) => (f.name === 'contractor_engineer' ? { ...f, label: t('Engineer name', 'Engineer ၏ အမည်') } : f)),
      ],
    },
    {
      id: 'pe_sla',
      title: t('PE/SLA and permit', 'PE/SLA နှင့် ခွင့်ပြုမိန့်'),
      fields: [
        ...contact(peSla, { name: 'pe_sla', email: 'pe_email', phone: 'pe_phone' }, { name: true }).map((f) =>
          f.name === 'pe_sla' ? { ...f, label: t('PE/SLA name', 'PE/SLA ၏ အမည်') } : f,
        ),
        field('ypbs_permit', 'text', t('YPBS permit number', 'YPBS ခွင့်ပြုမိန့်အမှတ်'), {
          required: true,
          max: LEN.license,
        }),
      ],
    },
    {
      id: 'qc',
      title: qc,
      fields: contact(qc, { name: 'qc_head', email: 'qc_email', phone: 'qc_phone' }, { name: true }),
    },
    {
      id: 'safety',
      title: safety,
      fields: contact(safety, { name: 'safety_head', email: 'safety_email', phone: 'safety_phone' }, { name: true }),
    },
  ],
};

// ---- Step 3 -------------------------------------------------------------------------

/** The seven appointed engineers of step 3, each with a national counterpart (14 people). */
export const ENGINEER_ROLES = [
  { key: 'architect', title: t('Architect', 'Architect') },
  { key: 'structure', title: t('Structural Engineer', 'Structural Engineer') },
  { key: 'geotechnical', title: t('Geotechnical Engineer', 'Geotechnical Engineer') },
  { key: 'project_engineer', title: t('Project Engineer', 'Project Engineer') },
  { key: 'water_sanitation', title: t('Water Supply and Sanitation Engineer', 'Water Supply and Sanitation Engineer') },
  { key: 'electrical', title: t('Electrical Engineer', 'Electrical Engineer') },
  { key: 'acmv', title: t('ACMV Engineer', 'ACMV Engineer') },
] as const;

const nationalOf = (title: L10n): L10n => ({
  en: `National Counterpart (${title.en})`,
  my: `နိုင်ငံသား တွဲဖက်ပညာရှင် (${title.my})`,
});

function person(prefix: string, who: L10n, required: boolean): FormOneField[] {
  return [
    field(`${prefix}_name`, 'text', ui.name, { required, messageLabel: of(who, ui.name) }),
    field(`${prefix}_license`, 'text', ui.license, {
      required,
      max: LEN.license,
      messageLabel: of(who, t('license', 'လိုင်စင်အမှတ်')),
    }),
    field(`${prefix}_email`, 'email', ui.email, { messageLabel: of(who, ui.email) }),
    field(`${prefix}_phone`, 'tel', ui.phone, { messageLabel: of(who, ui.phone) }),
  ];
}

const step3: FormOneStep = {
  number: 3,
  id: 'engineers',
  title: t('Company Appointed Engineers', 'ကုမ္ပဏီမှ ခန့်အပ်သော အင်ဂျင်နီယာများ'),
  groups: ENGINEER_ROLES.flatMap(({ key, title }) => [
    { id: key, title, fields: person(key, title, true) },
    { id: `national_${key}`, title: nationalOf(title), fields: person(`national_${key}`, nationalOf(title), false) },
  ]),
};

// ---- Step 4 -------------------------------------------------------------------------

const step4: FormOneStep = {
  number: 4,
  id: 'summary',
  title: t('Project Summary', 'စီမံကိန်း အကျဉ်းချုပ်'),
  groups: [
    {
      id: 'area',
      title: t('Project area', 'စီမံကိန်း ဧရိယာ'),
      fields: [field('project_area', 'text', t('Project area', 'စီမံကိန်း ဧရိယာ'), { required: true })],
    },
    ...BUILDING_ROWS.map((n): FormOneGroup => ({
      id: `building_${n}`,
      title: t(`Building ${n}`, `အဆောက်အအုံ ${toMyanmarDigits(n)}`),
      compact: true,
      fields: [
        field(`building_type_${n}`, 'text', t('Building type', 'အဆောက်အအုံ အမျိုးအစား'), {
          messageLabel: t(`Building type ${n}`, `အဆောက်အအုံ အမျိုးအစား ${toMyanmarDigits(n)}`),
        }),
        field(`plinth_area_${n}`, 'text', t('Plinth area', 'အောက်ခံ ဧရိယာ (Plinth Area)'), {
          messageLabel: t(`Plinth area ${n}`, `အောက်ခံ ဧရိယာ (Plinth Area) ${toMyanmarDigits(n)}`),
        }),
        field(`basement_floors_${n}`, 'text', t('Basement floors', 'မြေအောက်ထပ် အရေအတွက်'), {
          messageLabel: t(`Basement floors ${n}`, `မြေအောက်ထပ် အရေအတွက် ${toMyanmarDigits(n)}`),
        }),
        field(`ground_floors_${n}`, 'text', t('Floors above ground', 'မြေပြင်အထက် ထပ်အရေအတွက်'), {
          messageLabel: t(`Floors above ground ${n}`, `မြေပြင်အထက် ထပ်အရေအတွက် ${toMyanmarDigits(n)}`),
        }),
        field(`total_area_${n}`, 'text', t('Total floor area', 'စုစုပေါင်း ကြမ်းခင်းဧရိယာ'), {
          messageLabel: t(`Total floor area ${n}`, `စုစုပေါင်း ကြမ်းခင်းဧရိယာ ${toMyanmarDigits(n)}`),
        }),
      ],
    })),
  ],
};

// ---- Steps 5 and 6 --------------------------------------------------------------------

const step5: FormOneStep = {
  number: 5,
  id: 'statement',
  title: t("Project Director's Statement", 'Project Director ၏ ကတိဝန်ခံချက်'),
  groups: [
    {
      id: 'statements',
      title: t('I, the Project Director, declare that:', 'Project Director အနေဖြင့် ကျွန်ုပ်သည်—'),
      fields: [
        field(
          'statement1',
          'checkbox',
          t(
            'The information given in this form is true, complete and correct to the best of my knowledge.',
            'ဤပုံစံတွင် ဖော်ပြထားသော အချက်အလက်များသည် ကျွန်ုပ်သိရှိသမျှ မှန်ကန်ပြည့်စုံကြောင်း အတည်ပြုပါသည်။',
          ),
          { required: true, messageLabel: t('Statement 1', 'ကတိဝန်ခံချက် ၁') },
        ),
        field(
          'statement2',
          'checkbox',
          t(
            "The project will be designed and built in accordance with the Myanmar National Building Code and the committee's guidelines, and the committee will be told of any change to the appointed engineers.",
            'ဤစီမံကိန်းကို မြန်မာနိုင်ငံ အမျိုးသား အဆောက်အအုံ စံချိန်စံညွှန်း (MNBC) နှင့် ကော်မတီ၏ လမ်းညွှန်ချက်များအတိုင်း ဒီဇိုင်းရေးဆွဲ တည်ဆောက်မည်ဖြစ်ပြီး ခန့်အပ်ထားသော အင်ဂျင်နီယာများ ပြောင်းလဲပါက ကော်မတီသို့ အကြောင်းကြားမည် ဖြစ်ကြောင်း ဝန်ခံကတိပြုပါသည်။',
          ),
          { required: true, messageLabel: t('Statement 2', 'ကတိဝန်ခံချက် ၂') },
        ),
      ],
    },
  ],
};

const step6: FormOneStep = {
  number: 6,
  id: 'endorsement',
  title: t('Company Endorsement', 'ကုမ္ပဏီ၏ ထောက်ခံချက်'),
  groups: [
    {
      id: 'endorsement',
      title: t('Endorsement', 'ထောက်ခံချက်'),
      fields: [
        field(
          'endorsement',
          'checkbox',
          t(
            'On behalf of the company, I endorse this registration and the appointment of the engineers named in it.',
            'ကုမ္ပဏီကိုယ်စား ဤမှတ်ပုံတင်မှုနှင့် ဖော်ပြပါ အင်ဂျင်နီယာများ ခန့်အပ်ခြင်းကို အတည်ပြု ထောက်ခံပါသည်။',
          ),
          { required: true, messageLabel: t('Company endorsement', 'ကုမ္ပဏီ၏ ထောက်ခံချက်') },
        ),
        field('company_name', 'text', t('Company name', 'ကုမ္ပဏီအမည်'), {
          required: true,
          autoComplete: 'organization',
        }),
      ],
    },
  ],
};

// ---- Step 7 -------------------------------------------------------------------------

/**
 * The signatures of step 7 in the committee's order; the position is the printed number.
 * (16) to (20) are the ones the specification shows; (1) to (15) follow the engineers of
 * step 3, ending with the national ACMV counterpart just before (16).
 */
export const SIGNATURES: { key: string; title: L10n; required: boolean }[] = [
  { key: 'sig_project_director', title: director, required: true },
  ...ENGINEER_ROLES.flatMap(({ key, title }) => {
    const sig = key === 'structure' ? 'structural' : key;
    const short: L10n =
      key === 'structure'
        ? t('Structural', 'Structural')
        : key === 'geotechnical'
          ? t('Geotechnical', 'Geotechnical')
          : key === 'water_sanitation'
            ? t('Water Supply and Sanitation', 'Water Supply and Sanitation')
            : key === 'electrical'
              ? t('Electrical', 'Electrical')
              : key === 'acmv'
                ? t('ACMV', 'ACMV')
                : title;
    return [
      { key: `sig_${sig}`, title, required: key === 'architect' },
      { key: `sig_national_${sig}`, title: nationalOf(short), required: false },
    ];
  }),
  { key: 'sig_mechanical', title: t('Mechanical (B.S)', 'Mechanical (B.S)'), required: false },
  {
    key: 'sig_national_mechanical',
    title: t('National Counterpart (Mechanical)', 'နိုင်ငံသား တွဲဖက်ပညာရှင် (Mechanical)'),
    required: false,
  },
  { key: 'sig_project_manager', title: manager, required: false },
  {
    key: 'sig_engineer_main_contract',
    title: t('Engineer In Charge (Main Contract)', 'Engineer In Charge (Main Contract)'),
    required: false,
  },
  { key: 'sig_engineer_eiet', title: t('Engineer In Charge (EIET)', 'Engineer In Charge (EIET)'), required: false },
];

const step7: FormOneStep = {
  number: 7,
  id: 'signatures',
  title: t('Professional Signatures', 'ပညာရှင်များ၏ လက်မှတ်များ'),
  groups: SIGNATURES.map(({ key, title, required }, i) => ({
    id: key,
    title,
    number: i + 1,
    compact: true,
    fields: [
      field(`${key}_name`, 'text', ui.name, {
        required,
        messageLabel: t(`${title.en} signature name`, `${title.my} လက်မှတ် အမည်`),
      }),
      field(`${key}_license`, 'text', ui.license, {
        required,
        max: LEN.license,
        messageLabel: t(`${title.en} signature license`, `${title.my} လက်မှတ် လိုင်စင်အမှတ်`),
      }),
    ],
  })),
};

export const FORM_ONE_STEPS: readonly FormOneStep[] = [step1, step2, step3, step4, step5, step6, step7];

export const FORM_ONE_FIELDS: readonly FormOneField[] = FORM_ONE_STEPS.flatMap((s) =>
  s.groups.flatMap((g) => g.fields),
);
const FIELD_BY_NAME = new Map(FORM_ONE_FIELDS.map((f) => [f.name, f]));
const FIELD_INDEX = new Map(FORM_ONE_FIELDS.map((f, i) => [f.name, i]));
const STEP_OF_FIELD = new Map(
  FORM_ONE_STEPS.flatMap((s) => s.groups.flatMap((g) => g.fields.map((f) => [f.name, s.number]))),
);

export const formOneField = (name: string): FormOneField | undefined => FIELD_BY_NAME.get(name);
/** The step a field is on (1-7), or undefined for a name that is not a Form One field. */
export const stepOfField = (name: string): number | undefined => STEP_OF_FIELD.get(name);

/** The inputs the committee's form marks `required` in HTML (section 2). */
export const HTML_REQUIRED_FIELDS: ReadonlySet<string> = new Set([
  'project_name',
  'project_location',
  'project_owner',
  'project_director',
  'statement1',
  'statement2',
  'endorsement',
]);

registerFieldLabels(Object.fromEntries(FORM_ONE_FIELDS.map((f) => [f.name, f.messageLabel])));

// ---- Values and rules -----------------------------------------------------------------

export type FormOneValue = string | boolean;
export type FormOneData = Record<string, FormOneValue>;

/** Western or Burmese digits, spaces, dashes, dots, brackets, one leading plus; 6-20 digits. */
const PHONE = /^\+?[0-9\u1040-\u1049(][0-9\u1040-\u1049 .\-()]*$/;
const digitCount = (v: string) => (v.match(/[0-9\u1040-\u1049]/g) ?? []).length;
export const isPhone = (v: string) => PHONE.test(v) && digitCount(v) >= 6 && digitCount(v) <= 20;
/**
 * zod's own e-mail pattern (`z.email()`'s default, zod 4), kept here so that checking an answer
 * needs no zod; form-one-fields.test.ts fails if zod's pattern changes.
 */
export const EMAIL_PATTERN =
  // zod's source character for character, its escapes included (the test compares the two).
  // eslint-disable-next-line no-useless-escape
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
export const isEmail = (v: string) => EMAIL_PATTERN.test(v);

/** A real calendar date written YYYY-MM-DD, between 1900 and 2100. */
export function isIsoDate(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > 2100) return false;
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * The rule a text answer breaks (trimmed; empty when not given), as a message code. Declared
 * once: the submit schema (form-one.ts) calls it for each text field and the form's own check
 * (`formOneProblems`) below.
 */
export function textProblem(f: FormOneField, v: string): string | undefined {
  if (v === '') return f.required ? rule('is_required', f.name) : undefined;
  if (v.length > f.max) return rule('too_long', f.name, f.max);
  if (f.kind === 'email' && !isEmail(v)) return rule('email_format', f.name);
  if (f.kind === 'tel' && !isPhone(v)) return rule('phone_format', f.name);
  if (f.kind === 'date' && !isIsoDate(v)) return rule('date_format', f.name);
  return undefined;
}

/** The rule a checkbox (unchecked when not given) breaks: a required one must be ticked. */
export function checkboxProblem(f: FormOneField, v: boolean): string | undefined {
  return v || !f.required ? undefined : rule('must_check', f.name);
}

const filled = (v: unknown) => typeof v === 'string' && v.trim() !== '';

/**
 * The EIET company picked from the register in step 1 (issue 13), kept beside the
 * specification's EIET text fields, which it fills and which stay editable. Not a form
 * field of its own: a whole number from 1 (sent as a number or digits), stored as digits;
 * empty means none was picked (registrations from before keep only their text).
 */
export const EIET_COMPANY_ID = 'eiet_company_id';

/** The picked EIET company's id, or null. */
export function eietCompanyIdOf(data: Record<string, unknown>): number | null {
  const v = data[EIET_COMPANY_ID];
  const s = typeof v === 'number' ? String(v) : v;
  return typeof s === 'string' && /^[1-9][0-9]{0,8}$/.test(s) ? Number(s) : null;
}

/**
 * The building rows' rule (step 4): at least one building type, and the plinth area of every
 * row with a type; row 1 is the row every registration starts with, so its plinth area is
 * asked for until another row is used instead. Each problem is a field and a message code.
 */
export function buildingProblems(data: Record<string, unknown>): { field: string; message: string }[] {
  const out: { field: string; message: string }[] = [];
  const typed = BUILDING_ROWS.filter((n) => filled(data[`building_type_${n}`]));
  if (typed.length === 0)
    out.push({ field: 'building_type_1', message: rule('building_type_required', 'building_type_1') });
  for (const n of BUILDING_ROWS) {
    const needed = typed.includes(n) || (n === 1 && typed.length === 0);
    if (needed && !filled(data[`plinth_area_${n}`])) {
      out.push({ field: `plinth_area_${n}`, message: rule('plinth_required', `plinth_area_${n}`, n) });
    }
  }
  return out;
}

/** Field → message codes, its keys in the order of the form (unknown keys such as the EIET company's id first). */
export function inFormOrder(errors: Record<string, string[]>): Record<string, string[]> {
  const order = (k: string) => FIELD_INDEX.get(k) ?? -1;
  return Object.fromEntries(Object.entries(errors).sort(([a], [b]) => order(a) - order(b)));
}

/**
 * The problems of Form One's answers as the form holds them, field → message codes in the
 * order of the form: the same answer as the submit schema's `formOneErrors` (form-one.ts, which
 * the server runs), from the same rules, without building a zod schema. The form checks its
 * answers on every change and shows each step's state; building the schema (a rule per field,
 * about 110 ms of script at load on a mid-range phone) and parsing with it was most of Form
 * One's blocking time (issue 31, docs/decisions/121-pages-that-build-no-schemas.md).
 *
 * For answers as the form holds them (`cleanFormOneData`: the EIET company's id absent or
 * digits); for other ids, a number out of range or a string of other characters, zod's own
 * message differs and the server's answer is the one that counts. form-one-fields.test.ts
 * compares the two on thousands of generated answers.
 */
export function formOneProblems(data: Readonly<Record<string, unknown>>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  // A value of the wrong type is an issue that stops zod before the object's own rule (the
  // building rows'), so that rule runs only when every value has its field's type.
  let wrongType = false;
  for (const f of FORM_ONE_FIELDS) {
    const v = data[f.name] ?? undefined;
    const typed = v === undefined || typeof v === (f.kind === 'checkbox' ? 'boolean' : 'string');
    if (!typed) wrongType = true;
    const code = !typed
      ? rule('invalid', f.name)
      : f.kind === 'checkbox'
        ? checkboxProblem(f, v === true)
        : textProblem(f, ((v as string | undefined) ?? '').trim());
    if (code) errors[f.name] = [code];
  }
  const id = data[EIET_COMPANY_ID] ?? '';
  if (id !== '' && eietCompanyIdOf(data) === null) {
    errors[EIET_COMPANY_ID] = [rule('exists', EIET_COMPANY_ID)];
    wrongType = true;
  }
  if (!wrongType) for (const p of buildingProblems(data)) (errors[p.field] ??= []).push(p.message);
  return inFormOrder(errors);
}

/** Keeps only known fields of the right type: what is stored and shown. */
export function cleanFormOneData(data: Record<string, unknown>): FormOneData {
  const out: FormOneData = {};
  for (const f of FORM_ONE_FIELDS) {
    const v = data[f.name];
    if (f.kind === 'checkbox') {
      if (typeof v === 'boolean') out[f.name] = v;
    } else if (typeof v === 'string') {
      out[f.name] = v.slice(0, f.max);
    }
  }
  const company = eietCompanyIdOf(data);
  if (company !== null) out[EIET_COMPANY_ID] = String(company);
  return out;
}

/** Whether a field holds an answer worth showing. */
export const hasAnswer = (v: unknown) => (typeof v === 'boolean' ? v : typeof v === 'string' && v.trim() !== '');

// ---- Records the API returns ---------------------------------------------------------

// The statuses, their labels and colours, and every move between them: registration-workflow.ts.
export {
  REGISTRATION_STATUSES,
  registrationStatusColor,
  registrationStatusLabel,
  type RegistrationStatus,
} from './registration-workflow';

export const REGISTRATION_STATUS_LABELS: Record<RegistrationStatus, L10n> = Object.fromEntries(
  REGISTRATION_STATUSES.map((s) => [s, STATUS_INFO[s].label]),
) as Record<RegistrationStatus, L10n>;
registerValueLabels(REGISTRATION_STATUS_LABELS);

/**
 * The statuses in which the owner may change the answers: a draft, and a registration
 * the committee returned for changes (which keeps its reference number when sent again).
 */
export const OWNER_EDITABLE_STATUSES: readonly RegistrationStatus[] = statusesEditableBy('submitter');

export function isEditableByOwner(status: string): boolean {
  return (OWNER_EDITABLE_STATUSES as readonly string[]).includes(status);
}

/** HPBC-2026-000123: the committee's prefix, the year of submission and the registration id. */
export function formatReferenceNumber(year: number, id: number): string {
  return `${PRODUCT.short}-${year}-${String(id).padStart(6, '0')}`;
}

export interface RegistrationSummary {
  id: number;
  reference_number: string | null;
  status: RegistrationStatus | string;
  current_step: number;
  project_name: string;
  submitted_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface RegistrationHistoryEntry {
  status: string;
  note: string | null;
  created_at: string;
  /** Who made the change; only in administrators' answers (null once that account is gone). */
  changed_by?: string | null;
}

export interface RegistrationRecord extends RegistrationSummary {
  user_id: number;
  data: FormOneData;
  history: RegistrationHistoryEntry[];
  /** The EIET company's inspections of the project (issue 13), in date order. */
  inspections?: Inspection[];
  /** The construction stages the owner reported after approval (issue 30), in the stages' order. */
  stage_notices?: StageNotice[];
}
