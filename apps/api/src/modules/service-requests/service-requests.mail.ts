import { localDigits, PRODUCT, type Locale, type ServiceRequestFields, type ServiceRequestKind } from '@hpbc/shared';
import { renderMail, type RenderedMail } from '../../lib/mail-layout';

export interface RequestMailInput {
  kind: ServiceRequestKind;
  reference: string;
  fields: ServiceRequestFields;
  companyName: string;
  coverLetterName: string;
  coverLetterSize: number;
  locale: Locale;
}

/** "12.5 KB"; in Burmese with Burmese digits ("၁၂.၅ KB"), the unit stays as written. */
export function formatBytes(size: number, locale: Locale = 'en'): string {
  if (size < 1024) return `${localDigits(size, locale)} B`;
  if (size < 1024 * 1024) return `${localDigits((size / 1024).toFixed(1), locale)} KB`;
  return `${localDigits((size / 1024 / 1024).toFixed(2), locale)} MB`;
}

const TEXT = {
  en: {
    service: { eiet: 'EIET service', pile: 'pile service' },
    labels: {
      reference: 'Reference',
      company: 'Requested company',
      project_name: 'Project name',
      project_information: 'Project information',
      company_name: 'Company name',
      address: 'Address',
      company_email: 'Company email',
      contact_phone: 'Contact phone number',
      cover_letter: 'Cover letter',
    },
    confirmSubject: (service: string) => `${PRODUCT.short}: your ${service} request has been received`,
    greeting: (name: string) => `Dear ${name},`,
    confirmIntro: (service: string, company: string, project: string) =>
      `Thank you. Your ${service} request to ${company} for the project "${project}" has been submitted.`,
    confirmNext: {
      eiet: `${PRODUCT.short} will contact you soon.`,
      pile: `The pile company will review your request and ${PRODUCT.short} will contact you soon.`,
    },
    confirmKeep: 'Please keep this email. Your request:',
    trackIntro:
      "The link above is private: it shows your request's status and the company's answers to anyone who has it.",
    notifySubject: (project: string) => `${PRODUCT.short}: new service request for "${project}"`,
    notifyIntro: (service: string, company: string) =>
      `A new ${service} request for ${company} has been submitted through the ${PRODUCT.short} portal.`,
    notifyNext: (email: string) =>
      `The cover letter is attached as a PDF. Please contact the requester at ${email}; ${PRODUCT.short} will follow up.`,
  },
  my: {
    service: { eiet: 'EIET ဝန်ဆောင်မှု', pile: 'ပိုင်လုပ်ငန်း ဝန်ဆောင်မှု' },
    labels: {
      reference: 'ရည်ညွှန်းအမှတ်',
      company: 'ဝန်ဆောင်မှုပေးမည့် ကုမ္ပဏီ',
      project_name: 'စီမံကိန်းအမည်',
      project_information: 'စီမံကိန်း အချက်အလက်',
      company_name: 'ကုမ္ပဏီအမည်',
      address: 'လိပ်စာ',
      company_email: 'ကုမ္ပဏီ အီးမေးလ်',
      contact_phone: 'ဆက်သွယ်ရန် ဖုန်းနံပါတ်',
      cover_letter: 'တင်ပြစာ',
    },
    confirmSubject: (service: string) => `${PRODUCT.short} - သင်၏ ${service} တောင်းဆိုချက်ကို လက်ခံရရှိပါပြီ`,
    greeting: (name: string) => `${name} ထံသို့`,
    confirmIntro: (service: string, company: string, project: string) =>
      `ကျေးဇူးတင်ပါသည်။ “${project}” စီမံကိန်းအတွက် ${company} ထံ ${service} တောင်းဆိုချက်ကို တင်သွင်းပြီးပါပြီ။`,
    confirmNext: {
      eiet: `${PRODUCT.short} မှ မကြာမီ သင့်ထံ ဆက်သွယ်ပါမည်။`,
      pile: `ပိုင်လုပ်ငန်း ကုမ္ပဏီမှ သင်၏ တောင်းဆိုချက်ကို စိစစ်မည်ဖြစ်ပြီး ${PRODUCT.short} မှ မကြာမီ ဆက်သွယ်ပါမည်။`,
    },
    confirmKeep: 'ဤအီးမေးလ်ကို သိမ်းထားပါ။ သင်၏ တောင်းဆိုချက်မှာ -',
    trackIntro: 'အထက်ပါ လင့်ခ်ကို သီးသန့်ထားပါ။ လင့်ခ်ရှိသူတိုင်း သင်၏ တောင်းဆိုချက်၏ အခြေအနေနှင့် ကုမ္ပဏီ၏ အကြောင်းပြန်ချက်များကို မြင်နိုင်ပါသည်။',
    notifySubject: (project: string) => `${PRODUCT.short} - “${project}” အတွက် ဝန်ဆောင်မှု တောင်းဆိုချက်အသစ်`,
    notifyIntro: (service: string, company: string) =>
      `${PRODUCT.short} ပေါ်တယ်မှတစ်ဆင့် ${company} ထံ ${service} တောင်းဆိုချက်အသစ် တင်သွင်းထားပါသည်။`,
    notifyNext: (email: string) =>
      `တင်ပြစာကို PDF ဖိုင်အဖြစ် ပူးတွဲထားပါသည်။ တောင်းဆိုသူကို ${email} မှတစ်ဆင့် ဆက်သွယ်ပေးပါ။ ${PRODUCT.short} မှလည်း ဆက်လက် ဆောင်ရွက်ပါမည်။`,
  },
} as const;

const TRACK_LABEL = { en: 'Follow your request', my: 'တောင်းဆိုချက်ကို ကြည့်ရန်' } as const;

function details(input: RequestMailInput): [string, string][] {
  const l = TEXT[input.locale].labels;
  const f = input.fields;
  return [
    [l.reference, input.reference],
    [l.company, input.companyName],
    [l.project_name, f.project_name],
    [l.project_information, f.project_information],
    [l.company_name, f.company_name],
    [l.address, f.address],
    [l.company_email, f.company_email],
    [l.contact_phone, f.contact_phone],
    [l.cover_letter, `${input.coverLetterName} (${formatBytes(input.coverLetterSize, input.locale)})`],
  ];
}

/** The receipt for the person who sent the request. */
export function confirmationMail(input: RequestMailInput, trackingUrl?: string): RenderedMail {
  const t = TEXT[input.locale];
  const service = t.service[input.kind];
  return renderMail(input.locale, {
    kind: 'service_request',
    ...(trackingUrl ? { action: { label: TRACK_LABEL[input.locale], url: trackingUrl }, after: [t.trackIntro] } : {}),
    subject: t.confirmSubject(service),
    greeting: t.greeting(input.fields.company_name),
    paragraphs: [
      t.confirmIntro(service, input.companyName, input.fields.project_name),
      t.confirmNext[input.kind],
      t.confirmKeep,
    ],
    rows: details(input),
  });
}

/** The notice for the company that was asked, with the cover letter attached. */
export function companyNotificationMail(input: RequestMailInput): RenderedMail {
  const t = TEXT[input.locale];
  const service = t.service[input.kind];
  return renderMail(input.locale, {
    kind: 'company_work',
    subject: t.notifySubject(input.fields.project_name),
    greeting: t.greeting(input.companyName),
    paragraphs: [t.notifyIntro(service, input.companyName), t.notifyNext(input.fields.company_email)],
    rows: details(input),
  });
}

/**
 * The company's addresses: the registry keeps one, or two on separate lines
 * (specification section 3). Commas and semicolons are accepted as well; anything
 * that is not an address is skipped.
 */
export function companyAddresses(value: string): string[] {
  const found = value
    .split(/[\r\n,;]+/)
    .map((s) => s.trim())
    .filter((s) => /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(s));
  return [...new Set(found.map((s) => s.toLowerCase()))].map((lower) => found.find((s) => s.toLowerCase() === lower)!);
}
