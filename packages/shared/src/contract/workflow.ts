import { z } from 'zod';
import { LOCALES } from '../product';
import { localeUpdateSchema, withdrawCountersignatureParams, type LocaleUpdateAnswer } from '../workflow';
import { dataOf, errorWith } from './common';
import { reviewedRegistration } from './registration-answers';
import { reviewerBase } from './reviews';
import { endpoints, type Assert, type Same } from './endpoint';

/** The workflow as people live it (issue 28): the account's language. */

export const localeUpdateAnswer = z.object({ locale: z.enum(LOCALES) });

export const workflowEndpoints = endpoints({
  'PUT /api/user/locale': {
    operationId: 'setAccountLocale',
    summary:
      'Save the language a signed-in person switched to on the account; every later mail to the account is written in it.',
    tags: ['account'],
    guard: 'user',
    body: localeUpdateSchema,
    answers: { 200: localeUpdateAnswer },
  },
  'DELETE /api/reviews/:id/countersignatures/:discipline': {
    ...reviewerBase,
    operationId: 'withdrawCountersignature',
    summary:
      'Withdraw the caller’s countersignature for one discipline, while the committee has not decided (issue 28, item 7).',
    params: withdrawCountersignatureParams,
    answers: { 200: dataOf(reviewedRegistration) },
    errors: {
      403: 'The registration does not name the caller for this discipline.',
      404: 'No such registration, not one the caller reviews, or no countersignature of the caller for the discipline.',
      409: errorWith('The committee has decided (`reason: "status"`).', {
        reason: z.enum(['status']),
        status: z.string(),
      }),
    },
  },
});

export type Checks = [Assert<Same<z.output<typeof localeUpdateAnswer>, LocaleUpdateAnswer>>];
