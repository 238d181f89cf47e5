import type { Locale } from './product';
import { toMyanmarDigits } from './digits';
import { ROLE_VALUE_LABELS } from './roles';

/**
 * The part of the message table (messages.ts) that the pages themselves render: the codes the
 * shared schemas and the web app make when they check a form in the browser, the field labels
 * and the value labels. The server's own answers (404, 409, the security texts, ...) are
 * rendered by the server in the request's language (docs/decisions/026) and reach the
 * browser as text, so their templates stay in messages.ts, out of the pages' scripts
 * (issue 31; docs/decisions/118). `form-messages.test.ts` checks that every code made
 * outside the server is here.
 */
const FORM_TEMPLATES = {
  required: { en: 'The :field field is required.', my: ':field ကို ဖြည့်ရန် လိုအပ်ပါသည်။' },
  email: {
    en: 'The :field must be a valid email address.',
    my: ':field သည် မှန်ကန်သော အီးမေးလ်လိပ်စာ ဖြစ်ရပါမည်။',
  },
  phone: {
    en: 'The :field must be a valid phone number.',
    my: ':field သည် မှန်ကန်သော ဖုန်းနံပါတ် ဖြစ်ရပါမည်။',
  },
  max: {
    en: 'The :field may not be greater than :0 characters.',
    my: ':field သည် စာလုံး :0 လုံးထက် မပိုရပါ။',
  },
  min: { en: 'The :field must be at least :0 characters.', my: ':field သည် အနည်းဆုံး စာလုံး :0 လုံး ရှိရပါမည်။' },
  confirmed: {
    en: 'The :field confirmation does not match.',
    my: ':field အတည်ပြုချက်သည် မကိုက်ညီပါ။',
  },
  accepted: { en: 'The :field must be accepted.', my: ':field ကို လက်ခံရန် လိုအပ်ပါသည်။' },
  integer: { en: 'The :field must be a whole number.', my: ':field သည် ကိန်းပြည့် ဖြစ်ရပါမည်။' },
  string: { en: 'The :field must be text.', my: ':field သည် စာသား ဖြစ်ရပါမည်။' },
  between: { en: 'The :field must be between :0 and :1.', my: ':field သည် :0 နှင့် :1 ကြား ဖြစ်ရပါမည်။' },
  boolean: { en: 'The :field field must be true or false.', my: ':field သည် မှန် (true) သို့မဟုတ် မှား (false) ဖြစ်ရပါမည်။' },
  date: { en: 'The :field is not a valid date.', my: ':field သည် မှန်ကန်သော ရက်စွဲ မဟုတ်ပါ။' },
  in: { en: 'The selected :field is invalid.', my: 'ရွေးချယ်ထားသော :field မမှန်ကန်ပါ။' },
  exists: { en: 'The selected :field is invalid.', my: 'ရွေးချယ်ထားသော :field မမှန်ကန်ပါ။' },
  pdf: { en: 'Please select a PDF file.', my: 'PDF ဖိုင်ကို ရွေးချယ်ပါ။' },
  file_size: { en: 'File size must be less than 2MB.', my: 'ဖိုင်အရွယ်အစားသည် ၂ MB အောက် ဖြစ်ရပါမည်။' },
  report_size: { en: 'File size must be less than 10MB.', my: 'ဖိုင်အရွယ်အစားသည် ၁၀ MB အောက် ဖြစ်ရပါမည်။' },
  // Form One speaks in the committee's own style ("Project name is required").
  is_required: { en: ':Field is required', my: ':Field ကို ဖြည့်ရန် လိုအပ်ပါသည်။' },
  must_check: { en: ':Field must be checked', my: ':Field ကို အမှန်ခြစ်ရန် လိုအပ်ပါသည်။' },
  building_type_required: {
    en: 'At least one building type is required',
    my: 'အဆောက်အအုံ အမျိုးအစား အနည်းဆုံး တစ်ခု ဖြည့်ရန် လိုအပ်ပါသည်။',
  },
  plinth_required: {
    en: 'Plinth area is required for building type :0',
    my: 'အဆောက်အအုံ အမျိုးအစား :0 အတွက် အောက်ခံ ဧရိယာ (Plinth Area) ဖြည့်ရန် လိုအပ်ပါသည်။',
  },
  email_format: { en: ':Field must be a valid email address', my: ':Field သည် မှန်ကန်သော အီးမေးလ်လိပ်စာ ဖြစ်ရပါမည်။' },
  phone_format: { en: ':Field must be a valid phone number', my: ':Field သည် မှန်ကန်သော ဖုန်းနံပါတ် ဖြစ်ရပါမည်။' },
  date_format: {
    en: ':Field must be a valid date (YYYY-MM-DD)',
    my: ':Field သည် မှန်ကန်သော ရက်စွဲ (YYYY-MM-DD) ဖြစ်ရပါမည်။',
  },
  too_long: {
    en: ':Field must not be longer than :0 characters',
    my: ':Field သည် စာလုံး :0 လုံးထက် မပိုရပါ။',
  },
  invalid: { en: ':Field is invalid', my: ':Field မမှန်ကန်ပါ။' },
  after: { en: 'The :field must be a date after the :0.', my: ':field သည် :0 နောက်ပိုင်း ရက်စွဲ ဖြစ်ရပါမည်။' },
  required_with: {
    en: 'The :field field is required when the :0 is given.',
    my: ':0 ကို ဖြည့်ထားလျှင် :field ကိုလည်း ဖြည့်ရန် လိုအပ်ပါသည်။',
  },
  pdf_too_large: { en: 'The PDF file may not be larger than :0 MB.', my: 'PDF ဖိုင်သည် :0 MB ထက် မကြီးရပါ။' },
  mail_kind_fixed: {
    en: 'This kind of notice is always sent by e-mail and cannot be turned off.',
    my: 'ဤအသိပေးချက် အမျိုးအစားကို အီးမေးလ်ဖြင့် အမြဲ ပို့ပါသည်။ ပိတ်၍ မရပါ။',
  },
  photo_image: {
    en: 'The :field must be a JPEG or PNG image.',
    my: ':field သည် ဓာတ်ပုံဖိုင် (JPEG သို့မဟုတ် PNG) ဖြစ်ရပါမည်။',
  },
  // On-site inspections (issue 30; docs/decisions/097-099).
  photo_hash_format: {
    en: 'The :field must be 64 hexadecimal characters: the photo’s fingerprint made when it was taken.',
    my: ':field သည် ဆဋ္ဌမကိန်း စာလုံး ၆၄ လုံး ဖြစ်ရပါမည်- ဓာတ်ပုံ ရိုက်စဉ်က ပြုလုပ်ထားသော အတည်ပြုကုဒ် ဖြစ်ပါသည်။',
  },
  two_factor_code: {
    en: 'This code is not right, or it has already been used. Enter the newest 6-digit code from your authenticator app.',
    my: 'ဤကုဒ် မမှန်ကန်ပါ သို့မဟုတ် အသုံးပြုပြီး ဖြစ်ပါသည်။ အတည်ပြုကုဒ် အက်ပ်မှ နောက်ဆုံးပေါ် ဂဏန်း ၆ လုံး ကုဒ်ကို ထည့်ပါ။',
  },
  two_factor_code_or_recovery: {
    en: 'Enter the code from your authenticator app or one of your recovery codes.',
    my: 'အတည်ပြုကုဒ် အက်ပ်မှ ကုဒ် သို့မဟုတ် သင်၏ အရန်ကုဒ် တစ်ခုကို ထည့်ပါ။',
  },
  file_too_large: {
    en: 'The :field may not be larger than :0 MiB.',
    my: ':field သည် :0 MiB ထက် မကြီးရပါ။',
  },
  presentation_where: {
    en: 'Give a place, a meeting link, or both.',
    my: 'နေရာ၊ အွန်လိုင်း အစည်းအဝေး လင့်ခ် သို့မဟုတ် နှစ်ခုလုံးကို ဖော်ပြပါ။',
  },
  meeting_url: {
    en: 'The :field must be a full https:// address.',
    my: ':field သည် လုံခြုံသော လိပ်စာ အပြည့်အစုံ (https) ဖြစ်ရပါမည်။',
  },
  two_factor_code_or_passkey: {
    en: 'Enter the code from your authenticator app, or use your passkey.',
    my: 'အတည်ပြုကုဒ် အက်ပ်မှ ကုဒ်ကို ထည့်ပါ သို့မဟုတ် သင်၏ ပတ်စ်ကီးကို အသုံးပြုပါ။',
  },
  passkey_response: {
    en: 'The passkey did not answer as expected. Try again, or use a code from your authenticator app.',
    my: 'ပတ်စ်ကီးက မျှော်လင့်ထားသည့်အတိုင်း မတုံ့ပြန်ပါ။ ထပ်ကြိုးစားပါ သို့မဟုတ် အတည်ပြုကုဒ် အက်ပ်မှ ကုဒ်ကို အသုံးပြုပါ။',
  },
  security_link: {
    en: 'This security link has expired or was already used. Ask for a new one with your password.',
    my: 'ဤလုံခြုံရေး လင့်ခ် သက်တမ်းကုန်သွားပြီ သို့မဟုတ် အသုံးပြုပြီး ဖြစ်ပါသည်။ သင့်စကားဝှက်ဖြင့် လင့်ခ်အသစ် တောင်းပါ။',
  },
} as const satisfies Record<string, Record<Locale, string>>;

/** A code the pages can render themselves. */
export type FormMessageCode = keyof typeof FORM_TEMPLATES;

export type MessageTemplates = Readonly<Record<string, Readonly<Record<Locale, string>>>>;

/** The form codes' templates (messages.ts adds the server's answers to them). */
export const FORM_MESSAGE_TEMPLATES: Readonly<Record<FormMessageCode, Readonly<Record<Locale, string>>>> =
  FORM_TEMPLATES;

/** Field names as people read them. Fields not listed are shown with spaces for underscores. */
const FIELD_LABELS: Record<string, Record<Locale, string>> = {
  name: { en: 'name', my: 'အမည်' },
  email: { en: 'email', my: 'အီးမေးလ်' },
  sha256: { en: 'photo hash (SHA-256)', my: 'ဓာတ်ပုံ အတည်ပြုကုဒ် (SHA-256)' },
  taken_at: { en: 'time taken', my: 'ရိုက်ယူသည့် အချိန်' },
  items: { en: 'checklist items', my: 'စစ်ဆေးရန်စာရင်းပါ အချက်များ' },
  text_en: { en: 'English text', my: 'အင်္ဂလိပ် စာသား' },
  text_my: { en: 'Burmese text', my: 'မြန်မာ စာသား' },
  recommendation: { en: 'technical recommendation', my: 'နည်းပညာဆိုင်ရာ အကြံပြုချက်' },
  photo: { en: 'photo', my: 'ဓာတ်ပုံ' },
  resized: { en: 'resized photo', my: 'အရွယ်ချုံ့ထားသော ဓာတ်ပုံ' },
  password: { en: 'password', my: 'စကားဝှက်' },
  password_confirmation: { en: 'password confirmation', my: 'စကားဝှက် အတည်ပြုချက်' },
  current_password: { en: 'current password', my: 'လက်ရှိ စကားဝှက်' },
  code: { en: 'code', my: 'ကုဒ်' },
  recovery_code: { en: 'recovery code', my: 'အရန်ကုဒ်' },
  challenge: { en: 'sign-in', my: 'အကောင့်ဝင်ရောက်မှု' },
  terms: { en: 'terms', my: 'စည်းမျဉ်းစည်းကမ်းများ' },
  phone: { en: 'phone', my: 'ဖုန်းနံပါတ်' },
  address: { en: 'address', my: 'လိပ်စာ' },
  token: { en: 'token', my: 'တိုကင်' },
  remember: { en: 'remember me', my: 'မှတ်ထားရန်' },
  locale: { en: 'language', my: 'ဘာသာစကား' },
  status: { en: 'status', my: 'အခြေအနေ' },
  roles: { en: 'roles', my: 'အခန်းကဏ္ဍများ' },
  is_admin: { en: 'administrator flag', my: 'စီမံခန့်ခွဲသူ အမှတ်အသား' },
  search: { en: 'search', my: 'ရှာဖွေမှု' },
  page: { en: 'page', my: 'စာမျက်နှာ' },
  per_page: { en: 'page size', my: 'စာမျက်နှာတစ်ခုရှိ အရေအတွက်' },
  project: { en: 'project name', my: 'စီမံကိန်းအမည်' },
  location: { en: 'location', my: 'တည်နေရာ' },
  q: { en: 'search text', my: 'ရှာဖွေမည့် စာသား' },
  document_id: { en: 'document', my: 'စာတမ်း' },
  project_name: { en: 'project name', my: 'စီမံကိန်းအမည်' },
  project_information: { en: 'project information', my: 'စီမံကိန်း အချက်အလက်' },
  company_name: { en: 'company name', my: 'ကုမ္ပဏီအမည်' },
  company_email: { en: 'company email', my: 'ကုမ္ပဏီ အီးမေးလ်' },
  contact_phone: { en: 'contact phone', my: 'ဆက်သွယ်ရန် ဖုန်း' },
  cover_letter: { en: 'cover letter', my: 'တင်ပြစာ' },
  eiet_id: { en: 'EIET company', my: 'EIET ကုမ္ပဏီ' },
  pile_company_id: { en: 'pile company', my: 'ပိုင်လုပ်ငန်း ကုမ္ပဏီ' },
  discipline_id: { en: 'discipline', my: 'ဘာသာရပ်' },
  // The committee's editing of public data (issue 16).
  rn_number: { en: 'RN number', my: 'RN နံပါတ်' },
  developer: { en: 'developer', my: 'ဆောက်လုပ်ရေး လုပ်ငန်းရှင်' },
  basement: { en: 'basements', my: 'မြေအောက်ထပ် အရေအတွက်' },
  storey: { en: 'storeys', my: 'အထပ် အရေအတွက်' },
  building_height: { en: 'building height', my: 'အဆောက်အအုံ အမြင့်' },
  region: { en: 'district', my: 'ခရိုင်' },
  state: { en: 'region or state', my: 'တိုင်းဒေသကြီး သို့မဟုတ် ပြည်နယ်' },
  eiet_name: { en: 'EIET name', my: 'EIET အမည်' },
  ceo_name: { en: 'CEO name', my: 'CEO အမည်' },
  office_address: { en: 'office address', my: 'ရုံးလိပ်စာ' },
  email_address: { en: 'email address', my: 'အီးမေးလ်လိပ်စာ' },
  phone_number: { en: 'phone number', my: 'ဖုန်းနံပါတ်' },
  issue_certificate_date: { en: 'certificate issue date', my: 'မှတ်ပုံတင်လက်မှတ် ထုတ်ပေးသည့် ရက်စွဲ' },
  certificate_expire_date: { en: 'certificate expiry date', my: 'မှတ်ပုံတင်လက်မှတ် သက်တမ်းကုန်ဆုံးမည့် ရက်စွဲ' },
  item: { en: 'services', my: 'ဝန်ဆောင်မှုများ' },
  content: { en: 'text', my: 'စာသား' },
  content_my: { en: 'text in Burmese', my: 'မြန်မာဘာသာ စာသား' },
  // The Burmese name of a holiday and of a recommendation (decision 106): one label for both.
  name_my: { en: 'name in Burmese', my: 'မြန်မာဘာသာ အမည်' },
  position: { en: 'order', my: 'အစီအစဉ်' },
  parent_id: { en: 'parent', my: 'အထက်အဆင့်' },
  level: { en: 'level', my: 'အဆင့်' },
  title: { en: 'title', my: 'ခေါင်းစဉ်' },
  description: { en: 'description', my: 'ဖော်ပြချက်' },
  file: { en: 'file', my: 'ဖိုင်' },
  actor: { en: 'person', my: 'ပြုလုပ်သူ' },
  record_type: { en: 'record type', my: 'မှတ်တမ်း အမျိုးအစား' },
  record_id: { en: 'record number', my: 'မှတ်တမ်း နံပါတ်' },
  from: { en: 'start date', my: 'စတင်သည့် ရက်စွဲ' },
  to: { en: 'end date', my: 'ပြီးဆုံးသည့် ရက်စွဲ' },
  sort: { en: 'sort order', my: 'စီစဉ်ပုံ' },
  dir: { en: 'sort direction', my: 'စီစဉ်သည့် ဦးတည်ချက်' },
  retired: { en: 'retired filter', my: 'ရပ်နားထားသည့် စစ်ထုတ်မှု' },
};

/** Every field label, for the tests that keep the Burmese column complete. */
export const MESSAGE_FIELD_LABELS: Readonly<Record<string, Readonly<Record<Locale, string>>>> = FIELD_LABELS;

/** Labels that feature modules add (Form One registers its ~170 fields from form-one-fields.ts). */
const EXTRA_LABELS: Record<string, Record<Locale, string>> = {};

export function registerFieldLabels(labels: Record<string, Record<Locale, string>>): void {
  Object.assign(EXTRA_LABELS, labels);
}

export function fieldLabel(field: string, locale: Locale): string {
  return FIELD_LABELS[field]?.[locale] ?? EXTRA_LABELS[field]?.[locale] ?? field.replace(/_/g, ' ');
}

/** Values a message may carry as a parameter (a registration status), shown with their label. */
const VALUE_LABELS: Record<string, Record<Locale, string>> = { ...ROLE_VALUE_LABELS };

export function registerValueLabels(labels: Record<string, Record<Locale, string>>): void {
  Object.assign(VALUE_LABELS, labels);
}

/** A value as the language writes it (a status, a role, a discipline, a number), for lists such as the audit log. */
export function valueLabel(value: string, locale: Locale): string {
  return renderParam(value, locale);
}

/** A parameter as the language writes it: a known value's label, Burmese digits in Burmese. */
function renderParam(param: string, locale: Locale): string {
  const label = VALUE_LABELS[param]?.[locale];
  if (label !== undefined) return label;
  // A list of known values ("architect, structure") names each, joined as the language lists.
  const items = param.split(', ');
  if (items.length > 1 && items.every((item) => VALUE_LABELS[item])) {
    return items.map((item) => VALUE_LABELS[item]![locale]).join(locale === 'my' ? '၊ ' : ', ');
  }
  return locale === 'my' && /^[0-9.,]+$/.test(param) ? toMyanmarDigits(param) : param;
}

/** Codes whose parameters are other fields' names. */
const FIELD_PARAM_CODES = new Set(['after', 'required_with']);

/** Renders a message code with a table in a language; plain text (or a code not in it) passes through unchanged. */
export function renderWith(templates: MessageTemplates, message: string, locale: Locale): string {
  const [code, field = '', ...params] = message.split('|');
  const template = templates[code ?? ''];
  if (!template) return message;
  const label = fieldLabel(field, locale);
  let text = template[locale]
    .replace(':Field', label.charAt(0).toUpperCase() + label.slice(1))
    .replace(':field', label);
  params.forEach((p, i) => {
    // Rules comparing two fields name the other field by its label.
    const shown =
      FIELD_PARAM_CODES.has(code ?? '') && /^[a-z_]+$/.test(p) ? fieldLabel(p, locale) : renderParam(p, locale);
    text = text.replace(`:${i}`, shown);
  });
  return text;
}

/**
 * Renders, in the reader's language, a code the browser made (a shared schema's or a page's
 * check); the server's answers arrive already rendered and pass through unchanged.
 */
export function renderFormMessage(message: string, locale: Locale = 'en'): string {
  return renderWith(FORM_TEMPLATES, message, locale);
}
