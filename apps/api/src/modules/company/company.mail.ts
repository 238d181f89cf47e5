import {
  INSPECTION_KIND_LABELS,
  INSPECTION_OUTCOME_INFO,
  PRODUCT,
  SERVICE_REQUEST_STATUS_INFO,
  type InspectionKind,
  type InspectionOutcome,
  type Locale,
  type ServiceRequestStatus,
} from '@hpbc/shared';
import { renderMail, type RenderedMail } from '../../lib/mail-layout';
import { formatWhen } from '../registrations/registrations.format';

/** The requester is told of each answer, in the language the request was sent in. */
export function requestChangedMail(input: {
  locale: Locale;
  reference: string;
  requesterName: string;
  companyName: string;
  projectName: string;
  status: ServiceRequestStatus;
  note: string | null;
  trackingUrl?: string;
}): RenderedMail {
  const label = SERVICE_REQUEST_STATUS_INFO[input.status].label[input.locale];
  const en = input.locale === 'en';
  const what = en
    ? {
        accepted: `${input.companyName} has accepted your request for the project "${input.projectName}". The company will contact you.`,
        declined: `${input.companyName} has declined your request for the project "${input.projectName}".`,
        completed: `${input.companyName} has marked your request for the project "${input.projectName}" as completed.`,
        new: '',
      }
    : {
        accepted: `“${input.projectName}” စီမံကိန်းအတွက် သင်၏ တောင်းဆိုချက်ကို ${input.companyName} မှ လက်ခံပြီးပါပြီ။ ကုမ္ပဏီမှ သင့်ထံ ဆက်သွယ်ပါမည်။`,
        declined: `“${input.projectName}” စီမံကိန်းအတွက် သင်၏ တောင်းဆိုချက်ကို ${input.companyName} မှ ငြင်းပယ်လိုက်ပါသည်။`,
        completed: `“${input.projectName}” စီမံကိန်းအတွက် သင်၏ တောင်းဆိုချက်ကို ${input.companyName} မှ ပြီးစီးကြောင်း မှတ်သားလိုက်ပါသည်။`,
        new: '',
      };
  return renderMail(input.locale, {
    kind: 'service_request',
    subject: en
      ? `${PRODUCT.short}: your request ${input.reference} is ${label.toLowerCase()}`
      : `${PRODUCT.short} - သင်၏ တောင်းဆိုချက် ${input.reference} - ${label}`,
    greeting: en ? `Dear ${input.requesterName},` : `${input.requesterName} ထံသို့`,
    paragraphs: [what[input.status]],
    ...(input.note
      ? {
          note: {
            label: en ? `Message from ${input.companyName}:` : `${input.companyName} ၏ မှတ်ချက် -`,
            text: input.note,
          },
        }
      : {}),
    ...(input.trackingUrl
      ? { action: { label: en ? 'Follow your request' : 'တောင်းဆိုချက်ကို ကြည့်ရန်', url: input.trackingUrl } }
      : {}),
  });
}

export type InspectionChange = 'scheduled' | 'rescheduled' | 'cancelled' | 'result';

/** The submitter is told of each inspection change, in the language of their account. */
export function inspectionMail(input: {
  locale: Locale;
  change: InspectionChange;
  ownerName: string;
  referenceNumber: string;
  projectName: string;
  companyName: string;
  kind: InspectionKind;
  scheduledFor: Date;
  /** A moved inspection's old date, named beside the new one. */
  previouslyFor?: Date;
  reason: string | null;
  notes: string | null;
  outcome: InspectionOutcome | null;
  remarks: string | null;
  url: string;
}): RenderedMail {
  const l = input.locale;
  const en = l === 'en';
  const kind = INSPECTION_KIND_LABELS[input.kind][l];
  const when = formatWhen(input.scheduledFor, l);
  const outcome = input.outcome ? INSPECTION_OUTCOME_INFO[input.outcome].label[l] : '';
  const subject = {
    scheduled: en ? `inspection scheduled` : `စစ်ဆေးခြင်း စီစဉ်ထားပါသည်`,
    rescheduled: en ? `inspection moved` : `စစ်ဆေးခြင်း အချိန် ပြောင်းလဲထားပါသည်`,
    cancelled: en ? `inspection cancelled` : `စစ်ဆေးခြင်း ပယ်ဖျက်လိုက်ပါသည်`,
    result: en ? `inspection result: ${outcome}` : `စစ်ဆေးခြင်း ရလဒ် - ${outcome}`,
  }[input.change];
  const intro = {
    scheduled: en
      ? `${input.companyName} has scheduled a ${kind.toLowerCase()} inspection of "${input.projectName}".`
      : `“${input.projectName}” အတွက် ${kind} စစ်ဆေးခြင်းကို ${input.companyName} မှ စီစဉ်ထားပါသည်။`,
    rescheduled: en
      ? `${input.companyName} has moved the ${kind.toLowerCase()} inspection of "${input.projectName}".`
      : `“${input.projectName}” ၏ ${kind} စစ်ဆေးခြင်း အချိန်ကို ${input.companyName} မှ ပြောင်းလဲလိုက်ပါသည်။`,
    cancelled: en
      ? `${input.companyName} has cancelled the ${kind.toLowerCase()} inspection of "${input.projectName}".`
      : `“${input.projectName}” ၏ ${kind} စစ်ဆေးခြင်းကို ${input.companyName} မှ ပယ်ဖျက်လိုက်ပါသည်။`,
    result: en
      ? `${input.companyName} has recorded the result of the ${kind.toLowerCase()} inspection of "${input.projectName}": ${outcome}.`
      : `“${input.projectName}” ၏ ${kind} စစ်ဆေးခြင်း ရလဒ်ကို ${input.companyName} မှ မှတ်တမ်းတင်လိုက်ပါသည် - ${outcome}။`,
  }[input.change];
  const rows: [string, string][] = [
    [en ? 'Reference' : 'ရည်ညွှန်းအမှတ်', input.referenceNumber],
    [en ? 'Inspection' : 'စစ်ဆေးခြင်း', kind],
    input.previouslyFor
      ? [en ? 'New date and time' : 'ရက်စွဲနှင့် အချိန် အသစ်', when]
      : [en ? 'Date and time' : 'ရက်စွဲနှင့် အချိန်', when],
  ];
  if (input.previouslyFor) {
    rows.push([en ? 'Was planned for' : 'ယခင် သတ်မှတ်ထားသည့် အချိန်', formatWhen(input.previouslyFor, l)]);
  }
  if (input.notes && input.change !== 'result') rows.push([en ? 'Notes' : 'မှတ်ချက်များ', input.notes]);
  if (input.outcome) rows.push([en ? 'Result' : 'ရလဒ်', outcome]);
  const noteText = input.change === 'result' ? input.remarks : input.reason;
  return renderMail(l, {
    kind: 'inspection',
    subject: `${PRODUCT.short}: ${input.referenceNumber} – ${subject}`,
    greeting: en ? `Dear ${input.ownerName},` : `${input.ownerName} ထံသို့`,
    paragraphs: [intro],
    rows,
    ...(noteText
      ? {
          note: {
            label: input.change === 'result' ? (en ? 'Remarks:' : 'မှတ်ချက် -') : en ? 'Reason:' : 'အကြောင်းပြချက် -',
            text: noteText,
          },
        }
      : {}),
    action: { label: en ? 'Open the registration' : 'မှတ်ပုံတင်မှုကို ဖွင့်ရန်', url: input.url },
  });
}
