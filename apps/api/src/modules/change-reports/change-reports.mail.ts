import { PRODUCT, toMyanmarDigits, type Locale } from '@hpbc/shared';
import type { ChangeReportKind } from '@hpbc/shared/change-reports';
import { DISCIPLINE_TITLES, disciplineList, type Discipline } from '@hpbc/shared/counterpart-review';
import { renderMail, type RegistrationMailAbout, type RenderedMail } from '../../lib/mail-layout';

/** The change reports' mails (issue 30), each in its recipient's language. */

type About = RegistrationMailAbout;

const KIND: Record<ChangeReportKind, Record<Locale, string>> = {
  minor: { en: 'minor', my: 'အသေးစား' },
  major: { en: 'major', my: 'အဓိက' },
};

/** To a counterpart: a change report waits for their acknowledgement (minor) or countersignature (major). */
export function changeReportFiledMail(
  c: About & { kind: ChangeReportKind; disciplines: Discipline[]; description: string; sheets: string[] },
): RenderedMail {
  const ds = disciplineList(c.disciplines, c.locale);
  const rows: [string, string][] =
    c.locale === 'my'
      ? [
          ['ရည်ညွှန်းအမှတ်', c.referenceNumber],
          ['စီမံကိန်း', c.projectName],
          ['ဘာသာရပ်', ds],
          ['ပြင်ဆင်ထားသော စာရွက်များ', c.sheets.join('\n')],
        ]
      : [
          ['Reference number', c.referenceNumber],
          ['Project', c.projectName],
          ['Discipline', ds],
          ['Revised sheets', c.sheets.join('\n')],
        ];
  const body =
    c.locale === 'my'
      ? {
          subject: `${PRODUCT.short} - ${c.referenceNumber}: ဒီဇိုင်း ပြောင်းလဲမှု အစီရင်ခံစာ (${KIND[c.kind].my})`,
          greeting: `${c.name} ထံသို့`,
          paragraphs: [
            c.kind === 'major'
              ? 'အတည်ပြုပြီးသော စီမံကိန်း၏ ပိုင်ရှင်က အဓိက ဒီဇိုင်း ပြောင်းလဲမှု အစီရင်ခံစာ တင်ထားပါသည်။ စိစစ်ပြီး ပြင်ဆင်ထားသော ဒီဇိုင်းကို တွဲဖက်လက်မှတ် ထိုးပါ။'
              : 'အတည်ပြုပြီးသော စီမံကိန်း၏ ပိုင်ရှင်က အသေးစား ဒီဇိုင်း ပြောင်းလဲမှု အစီရင်ခံစာ တင်ထားပါသည်။ ဖတ်ရှုပြီး လက်ခံကြောင်း အသိအမှတ်ပြုပါ။',
          ],
          note: { label: 'ပိုင်ရှင်၏ ဖော်ပြချက်', text: c.description },
          action: 'ပြောင်းလဲမှုကို ဖွင့်ရန်',
        }
      : {
          subject: `${PRODUCT.short} - ${c.referenceNumber}: ${c.kind} design change report`,
          greeting: `Dear ${c.name},`,
          paragraphs: [
            c.kind === 'major'
              ? 'The owner of an approved project has filed a major design change. Please review it and countersign the revised design.'
              : 'The owner of an approved project has filed a minor design change. Please read it and acknowledge it.',
          ],
          note: { label: 'The owner’s description', text: c.description },
          action: 'Open the change',
        };
  return renderMail(c.locale, { kind: 'change_report', ...body, rows, action: { label: body.action, url: c.url } });
}

/** To the owner: a counterpart acknowledged or countersigned the report for a discipline. */
export function changeReportSignedMail(
  c: About & { counterpart: string; discipline: Discipline; kind: ChangeReportKind; remaining: number },
): RenderedMail {
  const d = DISCIPLINE_TITLES[c.discipline][c.locale];
  const body =
    c.locale === 'my'
      ? {
          subject: `${PRODUCT.short} - ${c.referenceNumber}: ဒီဇိုင်း ပြောင်းလဲမှုကို ${c.kind === 'major' ? 'တွဲဖက်လက်မှတ် ထိုးပြီး' : 'အသိအမှတ်ပြုပြီး'}`,
          greeting: `${c.name} ထံသို့`,
          paragraphs: [
            `${c.counterpart} က ${d} အတွက် သင်၏ ဒီဇိုင်း ပြောင်းလဲမှုကို ${c.kind === 'major' ? 'တွဲဖက်လက်မှတ် ထိုးပြီးပါပြီ' : 'အသိအမှတ်ပြုပြီးပါပြီ'}။`,
            c.remaining > 0
              ? `ကျန်ရှိသော ဘာသာရပ်များ - ${toMyanmarDigits(c.remaining)}`
              : c.kind === 'major'
                ? 'ဘာသာရပ်အားလုံး တွဲဖက်လက်မှတ် ထိုးပြီးပါပြီ။ ကော်မတီ၏ ဆုံးဖြတ်ချက်ကို စောင့်ဆိုင်းနေပါသည်။'
                : 'ဘာသာရပ်အားလုံး အသိအမှတ်ပြုပြီးပါပြီ။ ပြင်ဆင်ထားသော စာရွက်များသည် အတည်ပြုထားသော စာရွက်စုတွင် ပါဝင်ပါပြီ။',
          ],
          action: 'စီမံကိန်းကို ဖွင့်ရန်',
        }
      : {
          subject: `${PRODUCT.short} - ${c.referenceNumber}: design change ${c.kind === 'major' ? 'countersigned' : 'acknowledged'}`,
          greeting: `Dear ${c.name},`,
          paragraphs: [
            `${c.counterpart} has ${c.kind === 'major' ? 'countersigned' : 'acknowledged'} your design change for ${d}.`,
            c.remaining > 0
              ? `Disciplines still to sign: ${c.remaining}`
              : c.kind === 'major'
                ? 'Every discipline has countersigned. The committee decides next.'
                : 'Every discipline has acknowledged it: the revised sheets are now in the approved set.',
          ],
          action: 'Open the project',
        };
  return renderMail(c.locale, { kind: 'change_report', ...body, action: { label: body.action, url: c.url } });
}

/** To the owner: the committee's decision on a major change report. */
export function changeReportDecidedMail(c: About & { approved: boolean; note: string | null }): RenderedMail {
  const body =
    c.locale === 'my'
      ? {
          subject: `${PRODUCT.short} - ${c.referenceNumber}: ဒီဇိုင်း ပြောင်းလဲမှုကို ${c.approved ? 'အတည်ပြုပြီး' : 'ငြင်းပယ်ပြီး'}`,
          greeting: `${c.name} ထံသို့`,
          paragraphs: [
            c.approved
              ? 'ကော်မတီက သင်၏ အဓိက ဒီဇိုင်း ပြောင်းလဲမှုကို အတည်ပြုပြီးပါပြီ။ ပြင်ဆင်ထားသော စာရွက်များကို တံဆိပ်ခတ်ပြီး အတည်ပြုထားသော စာရွက်စုတွင် ထည့်သွင်းထားပါသည်။'
              : 'ကော်မတီက သင်၏ အဓိက ဒီဇိုင်း ပြောင်းလဲမှုကို ငြင်းပယ်ခဲ့ပါသည်။ အတည်ပြုထားသော စာရွက်စု မပြောင်းလဲပါ။',
          ],
          note: c.note ? { label: 'ကော်မတီ၏ မှတ်ချက်', text: c.note } : undefined,
          action: 'စီမံကိန်းကို ဖွင့်ရန်',
        }
      : {
          subject: `${PRODUCT.short} - ${c.referenceNumber}: design change ${c.approved ? 'approved' : 'rejected'}`,
          greeting: `Dear ${c.name},`,
          paragraphs: [
            c.approved
              ? 'The committee has approved your major design change. The revised sheets are stamped and are now the approved set.'
              : 'The committee has rejected your major design change. The approved set stays as it was.',
          ],
          note: c.note ? { label: 'The committee’s note', text: c.note } : undefined,
          action: 'Open the project',
        };
  return renderMail(c.locale, { kind: 'registration_decision', ...body, action: { label: body.action, url: c.url } });
}
