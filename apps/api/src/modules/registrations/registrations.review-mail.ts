import { PRODUCT, toMyanmarDigits, type Locale } from '@hpbc/shared';
import { registrationStatusLabel } from '@hpbc/shared/form-one';
import { formOneFieldName } from './reviews.mail';
import { renderMail, type RenderedMail } from '../../lib/mail-layout';

export interface StatusChangeNotice {
  name: string;
  referenceNumber: string;
  projectName: string;
  status: string;
  note: string | null;
  url: string;
  locale: Locale;
  /** Returned for changes: every field comment of the round, field by field. */
  comments?: { field: string | null; text: string }[];
  /** Approved: the RN number, the public project entry and the verification page. */
  approval?: { rnNumber: number; projectUrl: string; verifyUrl: string };
}

const TEXT = {
  en: (c: StatusChangeNotice, status: string) => ({
    subject: `${PRODUCT.short} - ${c.referenceNumber}: ${status}`,
    greeting: `Dear ${c.name},`,
    paragraphs: [
      `The ${PRODUCT.full.en} has updated the status of your project registration (Form One).`,
      `Reference number: ${c.referenceNumber}`,
      `Project: ${c.projectName}`,
      `New status: ${status}`,
    ],
    noteLabel: 'Note from the committee:',
    action: 'View your registration',
    commentsIntro: 'The comments of this round, field by field:',
    approved: (a: NonNullable<StatusChangeNotice['approval']>) => [
      `RN number: ${a.rnNumber}`,
      `Public project entry: ${a.projectUrl}`,
      `Anyone can check this registration at: ${a.verifyUrl}`,
    ],
  }),
  my: (c: StatusChangeNotice, status: string) => ({
    subject: `${PRODUCT.short} - ${c.referenceNumber}: ${status}`,
    greeting: `${c.name} ထံသို့`,
    paragraphs: [
      `${PRODUCT.full.my} သည် သင်၏ စီမံကိန်း မှတ်ပုံတင်မှု (Form One) ၏ အခြေအနေကို ပြောင်းလဲသတ်မှတ်ပြီး ဖြစ်ပါသည်။`,
      `ရည်ညွှန်းအမှတ် - ${c.referenceNumber}`,
      `စီမံကိန်း - ${c.projectName}`,
      `အခြေအနေ အသစ် - ${status}`,
    ],
    noteLabel: 'ကော်မတီ၏ မှတ်ချက်:',
    action: 'မှတ်ပုံတင်ထားသည်ကို ကြည့်ရန်',
    commentsIntro: 'ဤအကြိမ်၏ မှတ်ချက်များ (အကွက်အလိုက်):',
    approved: (a: NonNullable<StatusChangeNotice['approval']>) => [
      `RN နံပါတ်: ${toMyanmarDigits(a.rnNumber)}`,
      `အများပြည်သူ စီမံကိန်း စာမျက်နှာ: ${a.projectUrl}`,
      `ဤမှတ်ပုံတင်မှုကို မည်သူမဆို စစ်ဆေးနိုင်သည့် နေရာ: ${a.verifyUrl}`,
    ],
  }),
};

/** Tells the submitter, in their own language, that the committee changed their registration's status. */
export function statusChangeMail(c: StatusChangeNotice): RenderedMail {
  const m = TEXT[c.locale](c, registrationStatusLabel(c.status, c.locale));
  const comments = c.comments ?? [];
  return renderMail(c.locale, {
    kind: 'registration_decision',
    subject: m.subject,
    greeting: m.greeting,
    paragraphs: [
      ...m.paragraphs,
      ...(c.approval ? m.approved(c.approval) : []),
      ...(comments.length ? [m.commentsIntro] : []),
    ],
    rows: comments.map((x): [string, string] => [formOneFieldName(x.field, c.locale), x.text]),
    note: c.note ? { label: m.noteLabel, text: c.note } : undefined,
    action: { label: m.action, url: c.url },
  });
}
