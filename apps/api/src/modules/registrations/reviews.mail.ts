import { PRODUCT, toMyanmarDigits, type Locale } from '@hpbc/shared';
import { DISCIPLINE_TITLES, disciplineList, type Discipline } from '@hpbc/shared/counterpart-review';
import { formOneField } from '@hpbc/shared/form-one';
import { renderMail, type RegistrationMailAbout, type RenderedMail } from '../../lib/mail-layout';

/** The counterparts' review mails, each in its recipient's language (docs/api.md, "Counterpart review"). */

type About = RegistrationMailAbout;
/** A commented field's label in the recipient's language (null: the whole registration). */
export const formOneFieldName = (field: string | null, locale: Locale) =>
  field
    ? (formOneField(field)?.messageLabel[locale] ?? field)
    : locale === 'my'
      ? 'မှတ်ပုံတင်မှု တစ်ခုလုံး'
      : 'The whole registration';

/** To a counterpart: a registration names them (`resubmitted`: it came back with changes). */
export function reviewRequestMail(
  c: About & { disciplines: Discipline[]; resubmitted: boolean; changedFields?: string[] },
): RenderedMail {
  const ds = disciplineList(c.disciplines, c.locale);
  // A resubmission names what changed, so the counterpart knows where to look (issue 28, item 2).
  const changed =
    c.resubmitted && c.changedFields?.length ? c.changedFields.map((f) => formOneFieldName(f, c.locale)) : [];
  const m =
    c.locale === 'my'
      ? {
          subject: `${PRODUCT.short} - ${c.referenceNumber}: ${c.resubmitted ? 'ပြင်ဆင်ပြီး ပြန်လည်တင်သွင်းထားသည်' : 'စိစစ်ရန် စောင့်ဆိုင်းနေသည်'}`,
          greeting: `${c.name} ထံသို့`,
          paragraphs: [
            c.resubmitted
              ? 'သင် စိစစ်နေသော မှတ်ပုံတင်မှုကို တင်သွင်းသူက ပြင်ဆင်ပြီး ပြန်လည်တင်သွင်းထားပါသည်။ ပြောင်းလဲထားသည်များကို စိစစ်ပါ။'
              : 'စီမံကိန်း မှတ်ပုံတင်မှု (Form One) တစ်ခုတွင် သင့်ကို နိုင်ငံသား တွဲဖက်ပညာရှင်အဖြစ် ဖော်ပြထားပါသည်။ စိစစ်ပြီး မှတ်ချက်ပေးရန် သို့မဟုတ် တွဲဖက်လက်မှတ် ထိုးရန် စောင့်ဆိုင်းနေပါသည်။',
            `ရည်ညွှန်းအမှတ် - ${c.referenceNumber}`,
            `စီမံကိန်း - ${c.projectName}`,
            `ဘာသာရပ် - ${ds}`,
            ...(changed.length ? [`ပြောင်းလဲထားသော အကွက်များ - ${changed.join('၊ ')}`] : []),
          ],
          action: 'စိစစ်ရန် ဖွင့်ရန်',
        }
      : {
          subject: `${PRODUCT.short} - ${c.referenceNumber}: ${c.resubmitted ? 'resubmitted with changes' : 'awaiting your review'}`,
          greeting: `Dear ${c.name},`,
          paragraphs: [
            c.resubmitted
              ? 'A registration you are reviewing has been changed and submitted again. Please review what changed.'
              : 'A project registration (Form One) names you as its national counterpart. It awaits your review: comment, request changes or countersign.',
            `Reference number: ${c.referenceNumber}`,
            `Project: ${c.projectName}`,
            `Discipline: ${ds}`,
            ...(changed.length ? [`Changed fields: ${changed.join(', ')}`] : []),
          ],
          action: 'Open the review',
        };
  return renderMail(c.locale, { kind: 'review', ...m, action: { label: m.action, url: c.url } });
}

/** To an address named as counterpart that has no account yet: register to see the review. */
export function counterpartInvitationMail(c: Omit<About, 'name'> & { disciplines: Discipline[] }): RenderedMail {
  const ds = disciplineList(c.disciplines, c.locale);
  const m =
    c.locale === 'my'
      ? {
          subject: `${PRODUCT.short} - ${c.referenceNumber}: နိုင်ငံသား တွဲဖက်ပညာရှင်အဖြစ် ဖိတ်ကြားခြင်း`,
          paragraphs: [
            `စီမံကိန်း မှတ်ပုံတင်မှု (Form One) တစ်ခုတွင် ဤအီးမေးလ်လိပ်စာကို နိုင်ငံသား တွဲဖက်ပညာရှင်အဖြစ် ဖော်ပြထားပါသည်။`,
            `ရည်ညွှန်းအမှတ် - ${c.referenceNumber}`,
            `စီမံကိန်း - ${c.projectName}`,
            `ဘာသာရပ် - ${ds}`,
            `စိစစ်ရန် ဤအီးမေးလ်လိပ်စာဖြင့် အကောင့်ဖွင့်ပါ။ ${PRODUCT.short} က နိုင်ငံသား တွဲဖက်ပညာရှင် အခန်းကဏ္ဍ ပေးပြီးနောက် စိစစ်ရန် စာရင်းတွင် ပေါ်လာပါမည်။`,
          ],
          action: 'အကောင့်ဖွင့်ရန်',
        }
      : {
          subject: `${PRODUCT.short} - ${c.referenceNumber}: you are named as national counterpart`,
          paragraphs: [
            'A project registration (Form One) names this e-mail address as its national counterpart.',
            `Reference number: ${c.referenceNumber}`,
            `Project: ${c.projectName}`,
            `Discipline: ${ds}`,
            `To review it, register an account with this e-mail address. Once ${PRODUCT.short} has given you the national counterpart role, the review appears in your work area.`,
          ],
          action: 'Register an account',
        };
  return renderMail(c.locale, { kind: 'review', ...m, action: { label: m.action, url: c.url } });
}

/** To the submitter: a counterpart asks for changes, with the comments. */
export function changesRequestedMail(
  c: About & { counterpart: string; discipline: Discipline; comments: { field: string | null; text: string }[] },
): RenderedMail {
  const d = DISCIPLINE_TITLES[c.discipline][c.locale];
  const rows: [string, string][] = c.comments.map((x) => [formOneFieldName(x.field, c.locale), x.text]);
  const m =
    c.locale === 'my'
      ? {
          subject: `${PRODUCT.short} - ${c.referenceNumber}: ပြင်ဆင်ရန် ပြန်ပို့ထားသည်`,
          greeting: `${c.name} ထံသို့`,
          paragraphs: [
            `နိုင်ငံသား တွဲဖက်ပညာရှင် ${c.counterpart} (${d}) က သင်၏ မှတ်ပုံတင်မှုကို ပြင်ဆင်ရန် ပြန်ပို့ထားပါသည်။ အောက်ပါ မှတ်ချက်များအတိုင်း ပြင်ဆင်ပြီး ပြန်လည်တင်သွင်းပါ။`,
            `ရည်ညွှန်းအမှတ် - ${c.referenceNumber}`,
            `စီမံကိန်း - ${c.projectName}`,
          ],
          action: 'မှတ်ပုံတင်မှုကို ပြင်ဆင်ရန်',
        }
      : {
          subject: `${PRODUCT.short} - ${c.referenceNumber}: changes requested`,
          greeting: `Dear ${c.name},`,
          paragraphs: [
            `The national counterpart ${c.counterpart} (${d}) has returned your registration for changes. Please change it as the comments below ask and submit it again.`,
            `Reference number: ${c.referenceNumber}`,
            `Project: ${c.projectName}`,
          ],
          action: 'Change your registration',
        };
  return renderMail(c.locale, { kind: 'changes_requested', ...m, rows, action: { label: m.action, url: c.url } });
}

/** To the submitter: a discipline was countersigned. */
export function countersignedMail(
  c: About & { counterpart: string; discipline: Discipline; remaining: number },
): RenderedMail {
  const d = DISCIPLINE_TITLES[c.discipline][c.locale];
  const m =
    c.locale === 'my'
      ? {
          subject: `${PRODUCT.short} - ${c.referenceNumber}: တွဲဖက်လက်မှတ် ရရှိပြီး (${d})`,
          greeting: `${c.name} ထံသို့`,
          paragraphs: [
            `နိုင်ငံသား တွဲဖက်ပညာရှင် ${c.counterpart} က သင်၏ မှတ်ပုံတင်မှုကို ${d} ဘာသာရပ်အတွက် တွဲဖက်လက်မှတ် ထိုးပြီး ဖြစ်ပါသည်။`,
            `ရည်ညွှန်းအမှတ် - ${c.referenceNumber}`,
            `စီမံကိန်း - ${c.projectName}`,
            c.remaining === 0
              ? 'လိုအပ်သော တွဲဖက်လက်မှတ်များ အားလုံး ရရှိပြီး ဖြစ်ပါသည်။ ကော်မတီ၏ ဆုံးဖြတ်ချက်ကို စောင့်ဆိုင်းနေပါသည်။'
              : `ကျန်ရှိသော တွဲဖက်လက်မှတ် - ${toMyanmarDigits(c.remaining)} ခု`,
          ],
          action: 'မှတ်ပုံတင်ထားသည်ကို ကြည့်ရန်',
        }
      : {
          subject: `${PRODUCT.short} - ${c.referenceNumber}: countersigned (${d})`,
          greeting: `Dear ${c.name},`,
          paragraphs: [
            `The national counterpart ${c.counterpart} has countersigned your registration for ${d}.`,
            `Reference number: ${c.referenceNumber}`,
            `Project: ${c.projectName}`,
            c.remaining === 0
              ? 'Every countersignature it needs is given; it now awaits the committee’s decision.'
              : `Countersignatures still needed: ${c.remaining}`,
          ],
          action: 'View your registration',
        };
  return renderMail(c.locale, { kind: 'review', ...m, action: { label: m.action, url: c.url } });
}
