import { idParamsSchema } from '../paging';
import { stageNoticeCreateSchema } from '../construction-stages';
import { dataOf } from './common';
import { endpoints } from './endpoint';
import { stageNoticeAnswer } from './registration-answers';
import { registrationBase } from './work';

/** Construction stages (issue 30; docs/api.md "Construction"; decision 094). */

export const stagesEndpoints = endpoints({
  'POST /api/registrations/:id/stage-notices': {
    ...registrationBase,
    operationId: 'reportConstructionStage',
    summary:
      'The owner of an approved registration reports a construction stage (date, note); the members of its EIET company are mailed.',
    params: idParamsSchema,
    body: stageNoticeCreateSchema,
    // 404 and 409 come before a 422: the service checks the body after them.
    bodyCheckedBy: 'service',
    answers: { 201: dataOf(stageNoticeAnswer) },
    errors: {
      404: 'No such registration, or not the caller’s.',
      409: 'The registration is not approved, or the stage was reported already.',
    },
  },
});
