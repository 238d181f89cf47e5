import { PRODUCT, localDigits, type Locale } from '@hpbc/shared';
import type { ClockStep, StepClock } from '@hpbc/shared/working-days';
import { renderMail, type RegistrationMailAbout, type RenderedMail } from '../../lib/mail-layout';

/** The reminder and escalation mails of the working-day clocks, in the recipient's language. */

export const STEP_NAMES: Record<ClockStep, Record<Locale, string>> = {
  counterpart_review: { en: "the national counterparts' review", my: 'နိုင်ငံသား တွဲဖက်ပညာရှင်၏ စိစစ်ခြင်း' },
  submitter_answer: {
    en: "the submitter's answer to a change request",
    my: 'ပြင်ဆင်ရန် တောင်းဆိုချက်အပေါ် တင်သွင်းသူ၏ ပြန်ကြားချက်',
  },
  committee_decision: { en: "the committee's decision", my: 'ကော်မတီ၏ ဆုံးဖြတ်ချက်' },
  inspection_scheduling: { en: 'scheduling an inspection', my: 'စစ်ဆေးခြင်း အချိန်ဇယား သတ်မှတ်ခြင်း' },
  concern_answer: { en: 'answering a public concern', my: 'အများပြည်သူ၏ စိုးရိမ်ချက်ကို ဖြေကြားခြင်း' },
};

interface About extends RegistrationMailAbout {
  clock: StepClock;
}

function rows(c: About): [string, string][] {
  const d = (n: number) => localDigits(n, c.locale);
  return c.locale === 'my'
    ? [
        ['ရည်ညွှန်းအမှတ်', c.referenceNumber],
        ['စီမံကိန်း', c.projectName],
        ['အဆင့်', STEP_NAMES[c.clock.step].my],
        ['သတ်မှတ် အလုပ်ရက်', `${d(c.clock.target)} ရက်`],
        ['ကုန်ဆုံးမည့်ရက်', c.clock.due_on ? localDigits(c.clock.due_on, 'my') : '-'],
      ]
    : [
        ['Reference number', c.referenceNumber],
        ['Project', c.projectName],
        ['Step', STEP_NAMES[c.clock.step].en],
        ['Target', `${c.clock.target} working days`],
        ['Due on', c.clock.due_on ?? '-'],
      ];
}

/** To whom a step waits on, before its target. */
export function reminderMail(c: About): RenderedMail {
  const left = c.clock.days_left;
  const m =
    c.locale === 'my'
      ? {
          subject: `${PRODUCT.short} - ${c.referenceNumber}: အလုပ်ရက် ${localDigits(left, 'my')} ရက်သာ ကျန်ပါသည်`,
          greeting: `${c.name} ထံသို့`,
          paragraphs: [
            `${STEP_NAMES[c.clock.step].my} အတွက် သတ်မှတ်ရက် မကုန်မီ အလုပ်ရက် ${localDigits(left, 'my')} ရက်သာ ကျန်ပါသည်။ အချိန်ပိုလိုပါက မှတ်ပုံတင်မှုတွင် အကြောင်းပြချက်ဖြင့် အချိန်တိုးရန် တောင်းဆိုနိုင်ပါသည်။`,
          ],
          action: 'မှတ်ပုံတင်မှုကို ဖွင့်ရန်',
        }
      : {
          subject: `${PRODUCT.short} - ${c.referenceNumber}: ${left} working ${left === 1 ? 'day' : 'days'} left`,
          greeting: `Dear ${c.name},`,
          paragraphs: [
            `${left} working ${left === 1 ? 'day is' : 'days are'} left for ${STEP_NAMES[c.clock.step].en}. If you need more time, you can ask for an extension on the registration, with your reason.`,
          ],
          action: 'Open the registration',
        };
  return renderMail(c.locale, { kind: 'reminder', ...m, rows: rows(c), action: { label: m.action, url: c.url } });
}

/** To the committee's administrators, once a step is past its target. Nothing is decided automatically. */
export function overdueMail(c: About & { waitingOn: string }): RenderedMail {
  const late = -c.clock.days_left;
  const m =
    c.locale === 'my'
      ? {
          subject: `${PRODUCT.short} - ${c.referenceNumber}: အလုပ်ရက် ${localDigits(late, 'my')} ရက် ကျော်လွန်နေသည်`,
          greeting: `${c.name} ထံသို့`,
          paragraphs: [
            `${STEP_NAMES[c.clock.step].my} သည် သတ်မှတ်ရက်ထက် အလုပ်ရက် ${localDigits(late, 'my')} ရက် ကျော်လွန်နေပါသည်။ စောင့်ဆိုင်းနေသူ: ${c.waitingOn}။ မည်သည့်ဆုံးဖြတ်ချက်ကိုမျှ အလိုအလျောက် မချပါ။`,
          ],
          action: 'မှတ်ပုံတင်မှုကို ဖွင့်ရန်',
        }
      : {
          subject: `${PRODUCT.short} - ${c.referenceNumber}: ${late} working ${late === 1 ? 'day' : 'days'} overdue`,
          greeting: `Dear ${c.name},`,
          paragraphs: [
            `${STEP_NAMES[c.clock.step].en[0]!.toUpperCase()}${STEP_NAMES[c.clock.step].en.slice(1)} is ${late} working ${late === 1 ? 'day' : 'days'} past its target. It waits on: ${c.waitingOn}. Nothing is decided automatically.`,
          ],
          action: 'Open the registration',
        };
  return renderMail(c.locale, { kind: 'reminder', ...m, rows: rows(c), action: { label: m.action, url: c.url } });
}
