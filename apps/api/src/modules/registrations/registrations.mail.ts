import { PRODUCT, type Locale } from '@hpbc/shared';
import { renderMail, type RenderedMail } from '../../lib/mail-layout';

interface Confirmation {
  name: string;
  referenceNumber: string;
  projectName: string;
  submittedAt: string;
  url: string;
  locale: Locale;
}

const TEXT = {
  en: (c: Confirmation) => ({
    subject: `${PRODUCT.short} - Form One received: ${c.referenceNumber}`,
    greeting: `Dear ${c.name},`,
    paragraphs: [
      `Thank you. Your project registration (Form One) has been submitted to the ${PRODUCT.full.en}.`,
      `Reference number: ${c.referenceNumber}`,
      `Project: ${c.projectName}`,
      `Submitted: ${c.submittedAt}`,
      'Please quote the reference number in any correspondence about this project. You can follow its status and download it as a PDF in your project area.',
    ],
    action: 'View your registration',
  }),
  my: (c: Confirmation) => ({
    subject: `${PRODUCT.short} - Form One လက်ခံရရှိပြီး - ${c.referenceNumber}`,
    greeting: `${c.name} ထံသို့`,
    paragraphs: [
      `ကျေးဇူးတင်ပါသည်။ သင်၏ စီမံကိန်း မှတ်ပုံတင်မှု (Form One) ကို ${PRODUCT.full.my} သို့ တင်သွင်းပြီး ဖြစ်ပါသည်။`,
      `ရည်ညွှန်းအမှတ် - ${c.referenceNumber}`,
      `စီမံကိန်း - ${c.projectName}`,
      `တင်သွင်းသည့်အချိန် - ${c.submittedAt}`,
      'ဤစီမံကိန်းနှင့် ပတ်သက်၍ ဆက်သွယ်ရာတွင် ရည်ညွှန်းအမှတ်ကို ဖော်ပြပါ။ သင်၏ စီမံကိန်းများ စာမျက်နှာတွင် အခြေအနေကို ကြည့်ရှုနိုင်ပြီး PDF အဖြစ် ဒေါင်းလုဒ်ဆွဲနိုင်ပါသည်။',
    ],
    action: 'မှတ်ပုံတင်ထားသည်ကို ကြည့်ရန်',
  }),
};

/** The submitter's confirmation, in the language they submitted in. */
export function submissionConfirmationMail(c: Confirmation): RenderedMail {
  const m = TEXT[c.locale](c);
  return renderMail(c.locale, { kind: 'submission_receipt', ...m, action: { label: m.action, url: c.url } });
}
