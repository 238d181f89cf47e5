import { PRODUCT, type Locale } from '@hpbc/shared';
import { renderMail, type RenderedMail } from '../../lib/mail-layout';

/** The mails of the public's concerns (decision 089), in the recipient's language. */

interface About {
  referenceNumber: string;
  projectName: string;
  locale: Locale;
}

/** To each administrator: a concern arrived in the queue. */
export function concernReceivedMail(c: About & { name: string; message: string; url: string }): RenderedMail {
  const my = c.locale === 'my';
  return renderMail(c.locale, {
    kind: 'staff',
    subject: my
      ? `${PRODUCT.short} - ${c.referenceNumber}: အများပြည်သူ၏ စိုးရိမ်ချက် အသစ်`
      : `${PRODUCT.short} - ${c.referenceNumber}: a new public concern`,
    greeting: my ? `${c.name} ထံသို့` : `Dear ${c.name},`,
    paragraphs: [
      my
        ? `“${c.projectName}” စီမံကိန်း၏ လုပ်ငန်းခွင်နှင့် ပတ်သက်၍ အများပြည်သူထံမှ စိုးရိမ်ချက်တစ်ခု ရောက်ရှိပါသည်။ သတ်မှတ် အလုပ်ရက်အတွင်း ဖြေကြားပါ။`
        : `A member of the public sent a concern about the site of “${c.projectName}”. Please answer it within the working-day target.`,
    ],
    rows: [[my ? 'ရည်ညွှန်းအမှတ်' : 'Reference number', c.referenceNumber]],
    note: { label: my ? 'စိုးရိမ်ချက်' : 'Concern', text: c.message },
    action: { label: my ? 'စိုးရိမ်ချက်များကို ဖွင့်ရန်' : 'Open the concerns', url: c.url },
  });
}

/** To whom sent the concern (if they left an address) and to the project's owner: the committee's answer. */
export function concernAnsweredMail(
  c: About & { name: string | null; message: string; answer: string; url: string | null; toOwner: boolean },
): RenderedMail {
  const my = c.locale === 'my';
  const intro = my
    ? c.toOwner
      ? `သင်၏ “${c.projectName}” စီမံကိန်း လုပ်ငန်းခွင်နှင့် ပတ်သက်သော အများပြည်သူ၏ စိုးရိမ်ချက်ကို ကော်မတီက ဖြေကြားပြီးပါပြီ။`
      : `“${c.projectName}” စီမံကိန်း လုပ်ငန်းခွင်နှင့် ပတ်သက်၍ သင် ပေးပို့ခဲ့သော စိုးရိမ်ချက်ကို ကော်မတီက ဖြေကြားပြီးပါပြီ။`
    : c.toOwner
      ? `The committee has answered a public concern about the site of your project “${c.projectName}”.`
      : `The committee has answered the concern you sent about the site of “${c.projectName}”.`;
  return renderMail(c.locale, {
    kind: 'concern',
    subject: my
      ? `${PRODUCT.short} - ${c.referenceNumber}: စိုးရိမ်ချက်အပေါ် ကော်မတီ၏ အဖြေ`
      : `${PRODUCT.short} - ${c.referenceNumber}: the committee's answer to a concern`,
    ...(c.name ? { greeting: my ? `${c.name} ထံသို့` : `Dear ${c.name},` } : {}),
    paragraphs: [intro],
    rows: [
      [my ? 'ရည်ညွှန်းအမှတ်' : 'Reference number', c.referenceNumber],
      [my ? 'စိုးရိမ်ချက်' : 'Concern', c.message],
    ],
    note: { label: my ? 'ကော်မတီ၏ အဖြေ' : "The committee's answer", text: c.answer },
    ...(c.url ? { action: { label: my ? 'စီမံကိန်း စာမျက်နှာကို ဖွင့်ရန်' : 'Open the project page', url: c.url } } : {}),
  });
}
