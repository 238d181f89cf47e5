import { PRODUCT } from '@hpbc/shared';
import type { Config } from '../../config';
import { renderMail } from '../../lib/mail-layout';
import type { MailService } from '../../lib/mail-outbox/mail.service';

/** What the committee's staff are told of: a new service request, or a Form One submission. */
export type StaffNotice =
  | {
      kind: 'service-request';
      id: number;
      reference: string;
      service: 'eiet' | 'pile';
      companyLabel: string;
      projectName: string;
      requester: string;
    }
  | {
      kind: 'registration';
      id: number;
      reference: string;
      projectName: string;
      submitter: string;
      resubmitted: boolean;
    };

const SERVICE = {
  eiet: { en: 'EIET service', my: 'EIET ဝန်ဆောင်မှု' },
  pile: { en: 'pile service', my: 'ပိုင်လုပ်ငန်း ဝန်ဆောင်မှု' },
} as const;

/**
 * The staff mail, in English and Burmese (staff read either): what arrived, its reference,
 * and a link to it in the admin area.
 */
export function staffNoticeMail(notice: StaffNotice, appUrl: string) {
  if (notice.kind === 'service-request') {
    const service = SERVICE[notice.service];
    return renderMail('en', {
      kind: 'staff',
      subject: `${PRODUCT.short} - New ${service.en} request ${notice.reference} / ${service.my} တောင်းဆိုချက်အသစ်`,
      paragraphs: [
        `A new ${service.en} request, ${notice.reference}, has been sent to ${notice.companyLabel} through the portal.`,
        `${notice.companyLabel} ထံ ${service.my} တောင်းဆိုချက်အသစ် ${notice.reference} ကို ပေါ်တယ်မှတစ်ဆင့် ပေးပို့ထားပါသည်။`,
      ],
      rows: [
        ['Reference / ရည်ညွှန်းအမှတ်', notice.reference],
        ['Project / စီမံကိန်း', notice.projectName],
        ['Requested by / တောင်းဆိုသူ', notice.requester],
      ],
      action: { label: 'Open the request / တောင်းဆိုချက်ကို ဖွင့်ရန်', url: `${appUrl}/admin/service-requests/${notice.id}` },
    });
  }
  const again = notice.resubmitted;
  return renderMail('en', {
    kind: 'staff',
    subject: `${PRODUCT.short} - Form One ${again ? 'resubmitted' : 'submitted'}: ${notice.reference} / Form One ${again ? 'ပြန်လည်' : ''}တင်သွင်းမှု`,
    paragraphs: [
      `Form One registration ${notice.reference} has been ${again ? 'resubmitted after changes' : 'submitted'} and waits for review.`,
      `Form One မှတ်ပုံတင်မှု ${notice.reference} ကို ${again ? 'ပြင်ဆင်ပြီး ပြန်လည် ' : ''}တင်သွင်းထားပြီး စိစစ်ရန် စောင့်ဆိုင်းနေပါသည်။`,
    ],
    rows: [
      ['Reference / ရည်ညွှန်းအမှတ်', notice.reference],
      ['Project / စီမံကိန်း', notice.projectName],
      ['Submitted by / တင်သွင်းသူ', notice.submitter],
    ],
    action: { label: 'Open the registration / မှတ်ပုံတင်မှုကို ဖွင့်ရန်', url: `${appUrl}/admin/registrations/${notice.id}` },
  });
}

/** Queues one mail per staff address (STAFF_EMAILS) in the outbox; none when the list is empty. */
export async function notifyStaff(deps: { config: Config; mail: MailService }, notice: StaffNotice): Promise<void> {
  const mail = staffNoticeMail(notice, deps.config.appUrl);
  for (const to of deps.config.staffEmails) await deps.mail.enqueue({ to, ...mail });
}
