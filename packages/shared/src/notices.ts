import { z } from 'zod';
import { registerFieldLabels, rule } from './messages';
import { strictPageQuerySchema } from './paging';

/**
 * In-app notices and per-kind mail choices (issue 27, item 5; docs/decisions/088-notices-from-the-outbox.md).
 *
 * Every mail the portal sends is of one kind, declared by the mail's builder (`renderMail`'s
 * `kind`). The outbox leaves a notice for the account the mail is addressed to, whatever the
 * kind; the account may turn the mail itself off for a kind unless the kind is `fixed` here:
 * legal notices and account security are always mailed, because the committee must be able to
 * show that the person was told (and a stolen session must not silence the warnings).
 */
export const MAIL_KINDS = {
  /** Sign-in, e-mail address, password and second-factor changes, and their links. */
  account_security: { fixed: true, link: false },
  /** The committee's decision on a registration (approval, rejection, return for changes). */
  registration_decision: { fixed: true, link: true },
  /** A counterpart asks for changes: the submitter's answer is due within a working-day target. */
  changes_requested: { fixed: true, link: true },
  /** An inspection scheduled, moved, cancelled or its result recorded. */
  inspection: { fixed: true, link: true },
  /** The portal confirms what the person submitted. */
  submission_receipt: { fixed: false, link: true },
  /** Review work: a request to review, a countersignature given. */
  review: { fixed: false, link: true },
  /** Working-day reminders and escalations. */
  reminder: { fixed: false, link: true },
  /** A company's work: new service requests, being named by a registration. */
  company_work: { fixed: false, link: true },
  /** A construction stage the owner reported, to the project's EIET company (issue 30). */
  construction_stage: { fixed: false, link: true },
  /** A service request's progress, mailed to its requester (the tracking link is a secret: no link kept). */
  service_request: { fixed: false, link: false },
  /** A concern about a site: to its owner, and the committee's answer to whom raised it. */
  concern: { fixed: false, link: true },
  /** Design changes during construction: a change report filed, acknowledged or countersigned (issue 30). */
  change_report: { fixed: false, link: true },
  /** The designer's presentation: the invitation (with its calendar file), a change, the minutes (issue 30). */
  presentation: { fixed: true, link: true },
  /** The committee's own notices (new registrations, service requests, public concerns). */
  staff: { fixed: false, link: true },
} as const satisfies Record<string, { fixed: boolean; link: boolean }>;

export type MailKind = keyof typeof MAIL_KINDS;
export const MAIL_KIND_NAMES = Object.keys(MAIL_KINDS) as [MailKind, ...MailKind[]];
export const isFixedKind = (kind: MailKind): boolean => MAIL_KINDS[kind].fixed;

/** One notice in a person's list. `title` and `body` are in the language the mail was written in. */
export interface Notice {
  id: number;
  kind: MailKind;
  title: string;
  body: string;
  /** A path inside the portal (`/user/projects/12`), or null. */
  link: string | null;
  created_at: string;
  read_at: string | null;
}

export interface MailPreference {
  kind: MailKind;
  /** Whether the person also gets the mail (always true for a fixed kind). */
  mail: boolean;
  fixed: boolean;
}

export const noticeListQuerySchema = strictPageQuerySchema.extend({
  unread: z.enum(['1'], rule('in', 'unread')).optional(),
});

/** `{ mail: { kind: true|false, ... } }`: the kinds left out keep their choice. */
export const mailPreferencesSchema = z.object({
  mail: z.record(z.string(), z.boolean(rule('boolean', 'mail')), rule('required', 'mail')).superRefine((value, ctx) => {
    for (const [kind, on] of Object.entries(value)) {
      if (!(kind in MAIL_KINDS)) ctx.addIssue({ code: 'custom', message: rule('in', 'mail'), path: [kind] });
      else if (!on && isFixedKind(kind as MailKind))
        ctx.addIssue({ code: 'custom', message: rule('mail_kind_fixed', 'mail'), path: [kind] });
    }
  }),
});

registerFieldLabels({
  mail: { en: 'mail choice', my: 'အီးမေးလ် ရွေးချယ်မှု' },
  unread: { en: 'unread filter', my: 'မဖတ်ရသေးသည့် စစ်ထုတ်မှု' },
});
