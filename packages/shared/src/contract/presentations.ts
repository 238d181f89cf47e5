import { idParamsSchema } from '../paging';
import { presentationAnswerSchema, presentationCreateSchema, presentationMinutesSchema } from '../presentations';
import { endpoints } from './endpoint';
import { dataOf } from './common';
import { presentation } from './registration-answers';

/** The designer's presentation (issue 30): scheduled by the committee, answered by its invitees. */
const tags = ['presentations'];
/** What the committee's calls share (docs/decisions/114-declaration-bases.md). */
const committeeBase = { tags, guard: 'admin' } as const;

export const presentationsEndpoints = endpoints({
  'POST /api/admin/registrations/:id/presentations': {
    ...committeeBase,
    operationId: 'schedulePresentation',
    summary:
      'The committee schedules the designer’s presentation (date, place or meeting link); the owner and the named counterparts are mailed a calendar invitation (`.ics`, `METHOD:REQUEST`).',
    params: idParamsSchema,
    body: presentationCreateSchema,
    answers: { 201: dataOf(presentation) },
    errors: {
      404: 'No such registration (or a draft).',
      409: 'The registration is not submitted or under review.',
    },
  },
  'POST /api/presentations/:id/answer': {
    operationId: 'answerPresentation',
    summary: 'An invitee (the owner or a named counterpart) accepts or declines.',
    tags,
    guard: 'verified',
    params: idParamsSchema,
    body: presentationAnswerSchema,
    answers: { 200: dataOf(presentation) },
    errors: { 404: 'No such presentation, or the caller is not invited.' },
  },
  'PATCH /api/admin/presentations/:id': {
    ...committeeBase,
    operationId: 'recordPresentationMinutes',
    summary: 'The committee records the presentation’s minutes on the registration.',
    params: idParamsSchema,
    body: presentationMinutesSchema,
    answers: { 200: dataOf(presentation) },
    errors: { 404: 'No such presentation.' },
  },
});
