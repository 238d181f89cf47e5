import {
  CONSTRUCTION_STAGE_LABELS,
  PRODUCT,
  toMyanmarDigits,
  type ConstructionStage,
  type Locale,
  type ServiceRequestKind,
} from '@hpbc/shared';
import type { ModuleDeps } from '../../module-deps';
import { renderMail, type RenderedMail } from '../../lib/mail-layout';
import { accountsRepository } from '../accounts/accounts.repository';
import { companyAddresses } from '../service-requests/service-requests.mail';
import { serviceRequestsRepository } from '../service-requests/service-requests.repository';

/**
 * Companies are led to their inbox (issue 28, item 4; decision 081): the accounts linked to
 * a company (decision 034) hear of new work for it, in their own language, with a link to
 * the page where they act on it; the register's addresses keep getting their mail as before.
 */

const locale = (l: string): Locale => (l === 'my' ? 'my' : 'en');

/** The accounts linked to a company whose address is not already one the register mails. */
async function membersBeside(deps: ModuleDeps, kind: ServiceRequestKind, companyId: number, registerEmail: string) {
  const register = new Set(companyAddresses(registerEmail).map((a) => a.toLowerCase()));
  const members = await accountsRepository(deps.database.db).companyMembers(kind, companyId);
  return members.filter((m) => !register.has(m.email.toLowerCase()));
}

/** Whom a company notice addresses, about which project, where to act, in which language. */
interface CompanyNotice {
  name: string;
  companyName: string;
  projectName: string;
  url: string;
  locale: Locale;
}

/** To each account of the company: a new service request waits in the portal inbox. */
export function newRequestForMemberMail(c: CompanyNotice & { reference: string }): RenderedMail {
  const en = c.locale === 'en';
  return renderMail(c.locale, {
    kind: 'company_work',
    subject: en
      ? `${PRODUCT.short}: new service request ${c.reference} for ${c.companyName}`
      : `${PRODUCT.short} - ${c.companyName} အတွက် ဝန်ဆောင်မှု တောင်းဆိုချက်အသစ် ${c.reference}`,
    greeting: en ? `Dear ${c.name},` : `${c.name} ထံသို့`,
    paragraphs: [
      en
        ? `A new service request for ${c.companyName} has arrived: "${c.projectName}" (${c.reference}). Please accept or decline it in your company's inbox.`
        : `${c.companyName} အတွက် ဝန်ဆောင်မှု တောင်းဆိုချက်အသစ် ရောက်ရှိပါသည် - "${c.projectName}" (${c.reference})။ သင့်ကုမ္ပဏီ၏ စာဝင်ပုံးတွင် လက်ခံရန် သို့မဟုတ် ငြင်းပယ်ရန် ဆောင်ရွက်ပါ။`,
    ],
    action: { label: en ? 'Open the request' : 'တောင်းဆိုချက်ကို ဖွင့်ရန်', url: c.url },
  });
}

/** To the EIET company a submitted Form One names (its register addresses and its accounts). */
export function namedByRegistrationMail(c: CompanyNotice & { referenceNumber: string }): RenderedMail {
  const en = c.locale === 'en';
  return renderMail(c.locale, {
    kind: 'company_work',
    subject: en
      ? `${PRODUCT.short} - ${c.referenceNumber}: a registration names ${c.companyName} as its EIET company`
      : `${PRODUCT.short} - ${c.referenceNumber}: မှတ်ပုံတင်မှုတစ်ခုတွင် ${c.companyName} ကို EIET ကုမ္ပဏီအဖြစ် ဖော်ပြထားသည်`,
    greeting: en ? `Dear ${c.name},` : `${c.name} ထံသို့`,
    paragraphs: [
      en
        ? `The project registration (Form One) of "${c.projectName}" names ${c.companyName} as the EIET company that will inspect it.`
        : `"${c.projectName}" ၏ စီမံကိန်း မှတ်ပုံတင်မှု (Form One) တွင် ${c.companyName} ကို စစ်ဆေးမည့် EIET ကုမ္ပဏီအဖြစ် ဖော်ပြထားပါသည်။`,
      en ? `Reference number: ${c.referenceNumber}` : `ရည်ညွှန်းအမှတ်: ${c.referenceNumber}`,
      en
        ? 'Its inspections are scheduled and recorded on your company’s inspections page.'
        : 'စစ်ဆေးခြင်းများကို သင့်ကုမ္ပဏီ၏ စစ်ဆေးခြင်းများ စာမျက်နှာတွင် စီစဉ်ပြီး မှတ်တမ်းတင်နိုင်ပါသည်။',
    ],
    action: { label: en ? 'Open the inspections' : 'စစ်ဆေးခြင်းများကို ဖွင့်ရန်', url: c.url },
  });
}

/** After a service request is saved: each account of the company, beside the register's addresses. */
export async function tellCompanyMembersOfRequest(
  deps: ModuleDeps,
  r: {
    id: number;
    kind: ServiceRequestKind;
    companyId: number;
    companyName: string;
    registerEmail: string;
    projectName: string;
    reference: string;
  },
): Promise<void> {
  for (const m of await membersBeside(deps, r.kind, r.companyId, r.registerEmail)) {
    await deps.mail.enqueue({
      to: m.email,
      ...newRequestForMemberMail({
        name: m.name,
        companyName: r.companyName,
        projectName: r.projectName,
        reference: r.reference,
        url: `${deps.config.appUrl}/user/company/requests/${r.id}`,
        locale: locale(m.locale),
      }),
    });
  }
}

/** After a Form One submission that names an EIET company it did not name before. */
export async function tellEietCompanyOfRegistration(
  deps: ModuleDeps,
  r: { companyId: number; projectName: string; referenceNumber: string; fallbackLocale: Locale },
): Promise<void> {
  const company = await serviceRequestsRepository(deps.database.db).findCompany('eiet', r.companyId);
  if (!company) return;
  const url = `${deps.config.appUrl}/user/company/inspections`;
  const about = { companyName: company.name, projectName: r.projectName, referenceNumber: r.referenceNumber, url };
  for (const to of companyAddresses(company.emailAddress)) {
    await deps.mail.enqueue({
      to,
      ...namedByRegistrationMail({ ...about, name: company.name, locale: r.fallbackLocale }),
    });
  }
  for (const m of await membersBeside(deps, 'eiet', r.companyId, company.emailAddress)) {
    await deps.mail.enqueue({
      to: m.email,
      ...namedByRegistrationMail({ ...about, name: m.name, locale: locale(m.locale) }),
    });
  }
}

/** To the EIET company of an approved registration: the owner reported a construction stage (issue 30). */
export function stageReportedMail(
  c: CompanyNotice & { referenceNumber: string; stage: ConstructionStage; date: string; note: string | null },
): RenderedMail {
  const en = c.locale === 'en';
  const stage = CONSTRUCTION_STAGE_LABELS[c.stage][c.locale];
  const date = en ? c.date : toMyanmarDigits(c.date);
  return renderMail(c.locale, {
    kind: 'construction_stage',
    subject: en
      ? `${PRODUCT.short} - ${c.referenceNumber}: ${stage} stage reported for "${c.projectName}"`
      : `${PRODUCT.short} - ${c.referenceNumber}: "${c.projectName}" ၏ ${stage} အဆင့်ကို အစီရင်ခံထားပါသည်`,
    greeting: en ? `Dear ${c.name},` : `${c.name} ထံသို့`,
    paragraphs: [
      en
        ? `The owner of "${c.projectName}", which names ${c.companyName} as its EIET company, has reported the ${stage.toLowerCase()} stage of construction. Please schedule its inspection.`
        : `${c.companyName} ကို EIET ကုမ္ပဏီအဖြစ် ဖော်ပြထားသော "${c.projectName}" ၏ ပိုင်ရှင်သည် ဆောက်လုပ်ရေး ${stage} အဆင့်ကို အစီရင်ခံထားပါသည်။ ၎င်း၏ စစ်ဆေးခြင်းကို စီစဉ်ပါ။`,
    ],
    rows: [
      [en ? 'Reference' : 'ရည်ညွှန်းအမှတ်', c.referenceNumber],
      [en ? 'Stage' : 'အဆင့်', stage],
      [en ? 'Date' : 'ရက်စွဲ', date],
    ],
    ...(c.note ? { note: { label: en ? 'Owner’s note:' : 'ပိုင်ရှင်၏ မှတ်ချက် -', text: c.note } } : {}),
    action: { label: en ? 'Schedule the inspection' : 'စစ်ဆေးခြင်းကို စီစဉ်ရန်', url: c.url },
  });
}

/**
 * After a stage notice: the company's register addresses and each of its accounts, with a
 * link that opens its inspection scheduling prefilled from the notice (decision 094).
 */
export async function tellEietCompanyOfStage(
  deps: ModuleDeps,
  r: {
    companyId: number;
    registrationId: number;
    projectName: string;
    referenceNumber: string;
    stage: ConstructionStage;
    date: string;
    note: string | null;
    fallbackLocale: Locale;
  },
): Promise<void> {
  const company = await serviceRequestsRepository(deps.database.db).findCompany('eiet', r.companyId);
  if (!company) return;
  const query = new URLSearchParams({ schedule: String(r.registrationId), stage: r.stage });
  const url = `${deps.config.appUrl}/user/company/inspections?${query}`;
  const about = {
    companyName: company.name,
    projectName: r.projectName,
    referenceNumber: r.referenceNumber,
    stage: r.stage,
    date: r.date,
    note: r.note,
    url,
  };
  for (const to of companyAddresses(company.emailAddress)) {
    await deps.mail.enqueue({ to, ...stageReportedMail({ ...about, name: company.name, locale: r.fallbackLocale }) });
  }
  for (const m of await membersBeside(deps, 'eiet', r.companyId, company.emailAddress)) {
    await deps.mail.enqueue({
      to: m.email,
      ...stageReportedMail({ ...about, name: m.name, locale: locale(m.locale) }),
    });
  }
}
