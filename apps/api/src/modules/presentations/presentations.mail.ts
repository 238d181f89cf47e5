import { PRODUCT, type Locale } from '@hpbc/shared';
import { renderMail, type RenderedMail } from '../../lib/mail-layout';

/** The designer's presentation mails (issue 30), each in its recipient's language. */
export function presentationInvitationMail(c: {
  name: string | null;
  referenceNumber: string;
  projectName: string;
  when: string;
  where: string;
  url: string;
  locale: Locale;
}): RenderedMail {
  const my = c.locale === 'my';
  return renderMail(c.locale, {
    kind: 'presentation',
    subject: my
      ? `${PRODUCT.short} - ${c.referenceNumber}: ဒီဇိုင်နာ၏ တင်ပြပွဲသို့ ဖိတ်ကြားခြင်း`
      : `${PRODUCT.short} - ${c.referenceNumber}: invitation to the designer's presentation`,
    greeting: my ? `${c.name ?? ''} ထံသို့`.trim() : c.name ? `Dear ${c.name},` : 'Dear colleague,',
    paragraphs: [
      my
        ? 'ကော်မတီက ဤစီမံကိန်း၏ ဒီဇိုင်နာ တင်ပြပွဲကို စီစဉ်ထားပါသည်။ ပူးတွဲပါ ပြက္ခဒိန် ဖိတ်ကြားစာကို သင့်ပြက္ခဒိန်တွင် ထည့်ပြီး တက်ရောက်မည် သို့မဟုတ် မတက်ရောက်နိုင်ကြောင်း ပေါ်တယ်တွင် ဖြေကြားပါ။'
        : 'The committee has scheduled the designer’s presentation of this project. Add the attached calendar invitation to your calendar, and accept or decline in the portal.',
    ],
    rows: my
      ? [
          ['ရည်ညွှန်းအမှတ်', c.referenceNumber],
          ['စီမံကိန်း', c.projectName],
          ['အချိန်', c.when],
          ['နေရာ', c.where],
        ]
      : [
          ['Reference number', c.referenceNumber],
          ['Project', c.projectName],
          ['When', c.when],
          ['Where', c.where],
        ],
    action: { label: my ? 'ဖြေကြားရန်' : 'Answer in the portal', url: c.url },
  });
}
