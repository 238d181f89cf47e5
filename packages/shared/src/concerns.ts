import { z } from 'zod';
import { registerFieldLabels, rule } from './messages';
import { strictPageQuerySchema } from './paging';
import { requiredText } from './text-fields';
import type { StepClock } from './working-days';

/**
 * The public's concerns about an approved project's site (issue 27, item 6;
 * docs/decisions/089-site-signboard-and-public-concerns.md). Anyone may send one from the
 * project's public page (the signboard's QR code leads there); the committee answers it
 * within the `concern_answer` working-day target, and a published answer is shown on that page.
 */

export const CONCERN_MESSAGE_MAX = 2000;
export const CONCERN_ANSWER_MAX = 4000;

/** The optional photo of a concern: a JPEG or PNG of at most 5 MiB, kept without its metadata (decision 093). */
export const CONCERN_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const CONCERN_PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;

/** One address may send a few concerns an hour (each mails the committee). */
export const CONCERN_RATE_LIMIT = { max: 5, timeWindow: 60 * 60 * 1000, key: 'concerns' } as const;

const optionalText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, rule('max', field, max))
    .optional()
    .transform((v) => (v ? v : null));

export const concernSchema = z.object({
  message: z
    .string(rule('required', 'message'))
    .trim()
    .min(10, rule('min', 'message', 10))
    .max(CONCERN_MESSAGE_MAX, rule('max', 'message', CONCERN_MESSAGE_MAX)),
  name: optionalText('name', 120),
  email: z
    .string()
    .trim()
    .max(254, rule('max', 'email', 254))
    .optional()
    .transform((v) => (v ? v.toLowerCase() : null))
    .refine((v) => v === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), rule('email', 'email')),
});
export type ConcernInput = z.input<typeof concernSchema>;

export const concernAnswerSchema = z.object({
  answer: requiredText('answer', CONCERN_ANSWER_MAX),
  publish: z.boolean(rule('boolean', 'publish')),
});

export const concernListQuerySchema = strictPageQuerySchema.extend({
  open: z.enum(['1'], rule('in', 'open')).optional(),
});

/** A published concern on the project's public page: no name or address of the sender. */
export interface PublicConcern {
  id: number;
  message: string;
  received_at: string;
  answer: string;
  answered_at: string;
}

/** A concern in the committee's queue, with its working-day clock while unanswered. */
export interface QueuedConcern {
  id: number;
  registration_id: number;
  reference_number: string;
  project_name: string;
  message: string;
  name: string | null;
  email: string | null;
  received_at: string;
  answer: string | null;
  answered_at: string | null;
  published: boolean;
  /** A photo came with it (GET /api/admin/concerns/{id}/photo). */
  has_photo: boolean;
  clock: StepClock | null;
}

registerFieldLabels({
  message: { en: 'concern', my: 'စိုးရိမ်ချက်' },
  answer: { en: 'answer', my: 'အဖြေ' },
  publish: { en: 'publish', my: 'ထုတ်ပြန်ရန်' },
  photo: { en: 'photo', my: 'ဓာတ်ပုံ' },
  open: { en: 'open filter', my: 'မဖြေရသေးသည့် စစ်ထုတ်မှု' },
});
