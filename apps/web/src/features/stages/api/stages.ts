import type { StageNoticePayload } from '@hpbc/shared';
import { call } from '../../../lib/api-client';

/** POST /api/registrations/{id}/stage-notices: the owner reports a construction stage (issue 30). */
export function reportStage(id: number, body: StageNoticePayload) {
  return call('POST /api/registrations/:id/stage-notices', { params: { id }, body }).then((a) => a.data);
}
