import { z } from 'zod';
import { registerFieldLabels, rule } from './messages';
import { optionalText, requiredText } from './text-fields';

/**
 * The designer's presentation (issue 30): the committee schedules it for a submitted
 * registration, the owner and the named counterparts are invited with a calendar invitation
 * and answer in the portal, and the minutes are recorded on the registration.
 */

export const PRESENTATION_ANSWERS = ['accepted', 'declined'] as const;
export type PresentationAnswerValue = (typeof PRESENTATION_ANSWERS)[number];

registerFieldLabels({
  starts_at: { en: 'date and time', my: 'နေ့စွဲနှင့် အချိန်' },
  duration_minutes: { en: 'duration', my: 'ကြာချိန်' },
  place: { en: 'place', my: 'နေရာ' },
  meeting_url: { en: 'meeting link', my: 'အွန်လိုင်း အစည်းအဝေး လင့်ခ်' },
  minutes: { en: 'minutes', my: 'အစည်းအဝေး မှတ်တမ်း' },
  answer: { en: 'answer', my: 'အဖြေ' },
});

/** POST /api/admin/registrations/{id}/presentations: a place, a meeting link, or both. */
export const presentationCreateSchema = z
  .object({
    starts_at: z.iso.datetime({ offset: true, error: rule('date', 'starts_at') }),
    duration_minutes: z
      .number({ error: rule('integer', 'duration_minutes') })
      .int(rule('integer', 'duration_minutes'))
      .min(15, rule('between', 'duration_minutes', 15, 480))
      .max(480, rule('between', 'duration_minutes', 15, 480))
      .optional(),
    place: optionalText('place', 300, 'in'),
    meeting_url: optionalText('meeting_url', 500, 'in').refine(
      (v) => v === null || /^https:\/\/\S+$/.test(v),
      rule('meeting_url', 'meeting_url'),
    ),
  })
  .superRefine((v, ctx) => {
    if (!v.place && !v.meeting_url) {
      ctx.addIssue({ code: 'custom', path: ['place'], message: rule('presentation_where', 'place') });
    }
  });
export type PresentationCreatePayload = z.input<typeof presentationCreateSchema>;

/** POST /api/presentations/{id}/answer. */
export const presentationAnswerSchema = z.object({
  answer: z.enum(PRESENTATION_ANSWERS, { error: rule('in', 'answer') }),
});

/** PATCH /api/admin/presentations/{id}: the minutes. */
export const presentationMinutesSchema = z.object({
  minutes: requiredText('minutes', 20000),
});

export interface PresentationInvitee {
  email: string;
  name: string | null;
  role: 'owner' | 'counterpart';
  answer: PresentationAnswerValue | null;
  answered_at: string | null;
}

export interface Presentation {
  id: number;
  registration_id: number;
  starts_at: string;
  ends_at: string;
  place: string | null;
  meeting_url: string | null;
  sequence: number;
  invitees: PresentationInvitee[];
  minutes: string | null;
  minutes_at: string | null;
  created_at: string;
}
