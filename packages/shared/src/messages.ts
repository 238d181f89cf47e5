import type { Locale } from './product';

/**
 * Validation messages travel as codes ("required|email", "max|name|255") so that the
 * server and the browser render the same rule in English or Burmese from one table.
 * A message that is not a code is already plain text and is shown as it is.
 */
const TEMPLATES = {
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
  unique: { en: 'The :field has already been taken.', my: 'ဤ :field ကို အသုံးပြုပြီး ဖြစ်ပါသည်။' },
  integer: { en: 'The :field must be a whole number.', my: ':field သည် ကိန်းပြည့် ဖြစ်ရပါမည်။' },
  between: { en: 'The :field must be between :0 and :1.', my: ':field သည် :0 နှင့် :1 ကြား ဖြစ်ရပါမည်။' },
  boolean: { en: 'The :field field must be true or false.', my: ':field သည် မှန် (true) သို့မဟုတ် မှား (false) ဖြစ်ရပါမည်။' },
  date: { en: 'The :field is not a valid date.', my: ':field သည် မှန်ကန်သော ရက်စွဲ မဟုတ်ပါ။' },
  in: { en: 'The selected :field is invalid.', my: 'ရွေးချယ်ထားသော :field မမှန်ကန်ပါ။' },
  exists: { en: 'The selected :field is invalid.', my: 'ရွေးချယ်ထားသော :field မမှန်ကန်ပါ။' },
  common_password: {
    en: 'This password is too common. Please choose a less predictable one.',
    my: 'ဤစကားဝှက်သည် အလွန်အသုံးများပါသည်။ ခန့်မှန်းရခက်သော စကားဝှက်ကို ရွေးပါ။',
  },
  current_password: {
    en: 'The current password is incorrect.',
    my: 'လက်ရှိ စကားဝှက် မမှန်ကန်ပါ။',
  },
  reset_token: {
    en: 'This password reset link is invalid or has expired.',
    my: 'ဤစကားဝှက် ပြန်လည်သတ်မှတ်ရန် လင့်ခ်သည် မမှန်ကန်ပါ သို့မဟုတ် သက်တမ်းကုန်သွားပါပြီ။',
  },
  own_account: {
    en: 'You cannot deactivate your own account or remove your own administrator access.',
    my: 'သင့်ကိုယ်ပိုင် အကောင့်ကို ရပ်ဆိုင်း၍ သို့မဟုတ် သင်၏ စီမံခန့်ခွဲသူ ခွင့်ကို ဖယ်ရှား၍ မရပါ။',
  },
  credentials: {
    en: 'These credentials do not match our records.',
    my: 'ဤအချက်အလက်များသည် ကျွန်ုပ်တို့၏ မှတ်တမ်းနှင့် မကိုက်ညီပါ။',
  },
  // The 429 answer of docs/api.md; :0 is the wait in seconds (also sent as Retry-After).
  throttled: {
    en: 'Too many attempts. Please try again in :0 seconds.',
    my: 'ကြိုးစားမှု များလွန်းနေပါသည်။ :0 စက္ကန့် အကြာတွင် ထပ်မံ ကြိုးစားပါ။',
  },
  pdf: { en: 'Please select a PDF file.', my: 'PDF ဖိုင်ကို ရွေးချယ်ပါ။' },
  file_size: { en: 'File size must be less than 2MB.', my: 'ဖိုင်အရွယ်အစားသည် 2MB အောက် ဖြစ်ရပါမည်။' },
  one_file: { en: 'Please send only one file.', my: 'ဖိုင်တစ်ခုသာ ပေးပို့ပါ။' },
  // Form One speaks in the committee's own style ("Project name is required").
  is_required: { en: ':Field is required', my: ':Field ကို ဖြည့်ရန် လိုအပ်ပါသည်' },
  must_check: { en: ':Field must be checked', my: ':Field ကို အမှန်ခြစ်ရန် လိုအပ်ပါသည်' },
  building_type_required: {
    en: 'At least one building type is required',
    my: 'အဆောက်အအုံ အမျိုးအစား အနည်းဆုံး တစ်ခု ဖြည့်ရန် လိုအပ်ပါသည်',
  },
  plinth_required: {
    en: 'Plinth area is required for building type :0',
    my: 'အဆောက်အအုံ အမျိုးအစား :0 အတွက် Plinth Area ဖြည့်ရန် လိုအပ်ပါသည်',
  },
  email_format: { en: ':Field must be a valid email address', my: ':Field သည် မှန်ကန်သော အီးမေးလ်လိပ်စာ ဖြစ်ရပါမည်' },
  phone_format: { en: ':Field must be a valid phone number', my: ':Field သည် မှန်ကန်သော ဖုန်းနံပါတ် ဖြစ်ရပါမည်' },
  date_format: {
    en: ':Field must be a valid date (YYYY-MM-DD)',
    my: ':Field သည် မှန်ကန်သော ရက်စွဲ (YYYY-MM-DD) ဖြစ်ရပါမည်',
  },
  too_long: {
    en: ':Field must not be longer than :0 characters',
    my: ':Field သည် စာလုံး :0 လုံးထက် မပိုရပါ',
  },
  invalid: { en: ':Field is invalid', my: ':Field မမှန်ကန်ပါ' },
  custom: { en: ':0', my: ':0' },
  // Security (issue 9): the password policy's explanations, text the server cannot store, active PDFs.
  password_common: {
    en: 'This password is one of the most used passwords, which attackers try first. Choose another: three or four unrelated words make a strong, memorable password.',
    my: 'ဤစကားဝှက်သည် အသုံးအများဆုံး စကားဝှက်များထဲမှ တစ်ခုဖြစ်ပြီး တိုက်ခိုက်သူများ ဦးစွာ စမ်းကြည့်တတ်ပါသည်။ အခြားတစ်ခုကို ရွေးပါ။ ဆက်စပ်မှုမရှိသော စကားလုံး သုံးလေးလုံးဖြင့် ခိုင်မာပြီး မှတ်မိလွယ်သော စကားဝှက် ဖြစ်စေနိုင်ပါသည်။',
  },
  password_personal: {
    en: "This password is built from your name, your email address or this site's own words (such as HPBC, committee or demo). Choose one that has nothing to do with you or this site.",
    my: 'ဤစကားဝှက်ကို သင့်အမည်၊ သင့်အီးမေးလ်လိပ်စာ သို့မဟုတ် ဤဆိုက်၏ စကားလုံးများ (HPBC၊ committee၊ demo ကဲ့သို့) ဖြင့် ဖွဲ့စည်းထားပါသည်။ သင်နှင့် ဤဆိုက်နှင့် မသက်ဆိုင်သော စကားဝှက်ကို ရွေးပါ။',
  },
  password_weak: {
    en: 'This password is too easy to guess. Make it longer, for example three or four unrelated words, and avoid names, dates, keyboard rows and repeated characters.',
    my: 'ဤစကားဝှက်ကို ခန့်မှန်းရန် လွယ်လွန်းပါသည်။ ပိုရှည်အောင် လုပ်ပါ (ဥပမာ ဆက်စပ်မှုမရှိသော စကားလုံး သုံးလေးလုံး)၊ အမည်များ၊ ရက်စွဲများ၊ ကီးဘုတ်ပေါ်ရှိ အစဉ်လိုက် စာလုံးများနှင့် ထပ်နေသော စာလုံးများကို ရှောင်ပါ။',
  },
  text_chars: {
    en: 'The :field contains characters that cannot be stored (a NUL character or a broken character pair).',
    my: ':field တွင် သိမ်းဆည်း၍ မရသော စာလုံးများ (NUL စာလုံး သို့မဟုတ် ပျက်နေသော စာလုံးအတွဲ) ပါဝင်နေပါသည်။',
  },
  pdf_active: {
    en: 'This PDF contains JavaScript or an action that opens other files or programs. Please save it again as a plain PDF (for example with "Print to PDF") and send that.',
    my: 'ဤ PDF တွင် JavaScript သို့မဟုတ် အခြားဖိုင်များ သို့မဟုတ် ပရိုဂရမ်များကို ဖွင့်သော လုပ်ဆောင်ချက် ပါဝင်နေပါသည်။ သာမန် PDF အဖြစ် ပြန်သိမ်းပြီး (ဥပမာ "Print to PDF" ဖြင့်) ထိုဖိုင်ကို ပေးပို့ပါ။',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageCode = keyof typeof TEMPLATES;

/** Field names as people read them. Fields not listed are shown with spaces for underscores. */
const FIELD_LABELS: Record<string, Record<Locale, string>> = {
  name: { en: 'name', my: 'အမည်' },
  email: { en: 'email', my: 'အီးမေးလ်' },
  password: { en: 'password', my: 'စကားဝှက်' },
  password_confirmation: { en: 'password confirmation', my: 'စကားဝှက် အတည်ပြုချက်' },
  current_password: { en: 'current password', my: 'လက်ရှိ စကားဝှက်' },
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
  pile_company_id: { en: 'pile company', my: 'ပိုင်ကုမ္ပဏီ' },
  discipline_id: { en: 'discipline', my: 'ပညာရပ်နယ်ပယ်' },
};

/** Builds a message code: rule('max', 'name', 255) → "max|name|255". */
export function rule(code: MessageCode, field: string, ...params: (string | number)[]): string {
  return [code, field, ...params].join('|');
}

/** The 429 message code for a wait of `seconds` (rounded up, at least 1). */
export function throttled(seconds: number): string {
  return rule('throttled', '', Math.max(1, Math.ceil(seconds)));
}

/** Labels that feature modules add (Form One registers its ~170 fields from form-one.ts). */
const EXTRA_LABELS: Record<string, Record<Locale, string>> = {};

export function registerFieldLabels(labels: Record<string, Record<Locale, string>>): void {
  Object.assign(EXTRA_LABELS, labels);
}

export function fieldLabel(field: string, locale: Locale): string {
  return FIELD_LABELS[field]?.[locale] ?? EXTRA_LABELS[field]?.[locale] ?? field.replace(/_/g, ' ');
}

/** Renders a message code in a language; plain text passes through unchanged. */
export function renderMessage(message: string, locale: Locale = 'en'): string {
  const [code, field = '', ...params] = message.split('|');
  const template = (TEMPLATES as Record<string, Record<Locale, string>>)[code ?? ''];
  if (!template) return message;
  const label = fieldLabel(field, locale);
  let text = template[locale]
    .replace(':Field', label.charAt(0).toUpperCase() + label.slice(1))
    .replace(':field', label);
  params.forEach((p, i) => {
    text = text.replace(`:${i}`, p);
  });
  return text;
}
