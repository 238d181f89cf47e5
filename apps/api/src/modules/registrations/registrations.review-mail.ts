import { PRODUCT, type Locale } from '@hpbc/shared';
import { registrationStatusLabel } from '@hpbc/shared/form-one';
import { renderMail, type RenderedMail } from '../../lib/mail-layout';

export interface StatusChangeNotice {
  name: string;
  referenceNumber: string;
  projectName: string;
  status: string;
  note: string | null;
  url: string;
  locale: Locale;
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
  }),
};

/** Tells the submitter, in their own language, that the committee changed their registration's status. */
export function statusChangeMail(c: StatusChangeNotice): RenderedMail {
  const m = TEXT[c.locale](c, registrationStatusLabel(c.status, c.locale));
  return renderMail(c.locale, {
    subject: m.subject,
    greeting: m.greeting,
    paragraphs: m.paragraphs,
    note: c.note ? { label: m.noteLabel, text: c.note } : undefined,
    action: { label: m.action, url: c.url },
  });
}
