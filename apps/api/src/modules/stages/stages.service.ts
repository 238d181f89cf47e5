import {
  currentStage,
  messageCode,
  stageNoticeCreateSchema,
  stageValue,
  type ConstructionStage,
  type InspectionKind,
  type InspectionOutcome,
  type Locale,
  type PublicConstruction,
  type StageNotice,
} from '@hpbc/shared';
import { cleanFormOneData, eietCompanyIdOf } from '@hpbc/shared/form-one';
import { STATUS } from '@hpbc/shared/registration-workflow';
import { myanmarDate } from '@hpbc/shared/working-days';
import type { Actor, ModuleDeps } from '../../module-deps';
import { HttpError, parseBody } from '../../lib/http-errors';
import { registrationsRepository } from '../registrations/registrations.repository';
import { submittersRegistration } from '../registrations/submitters-registration';
import { tellEietCompanyOfStage } from '../company/company-notice';
import { stagesRepository, toStageNoticeJson } from './stages.repository';

/**
 * Construction stages (issue 30; docs/api.md "Construction"; decision 094): the owner of an
 * approved registration reports each stage once; the registration's EIET company (the one
 * its Form One names) is told by mail and in-app notice, and schedules from the notice.
 */
export function stagesService(deps: ModuleDeps) {
  const { database, now } = deps;
  const registrations = registrationsRepository(database.db);
  const repo = stagesRepository(database.db);

  return {
    async report(actor: Actor, id: number, body: unknown, locale: Locale): Promise<StageNotice> {
      // Only the owner reports; anyone else (an administrator included) is told it does not exist.
      const row = await submittersRegistration(registrations, actor, id);
      if (row.status !== STATUS.approved) {
        throw new HttpError(409, messageCode('stage_not_approved'), { status: row.status });
      }
      const input = parseBody(stageNoticeCreateSchema, body);
      const saved = await repo.insert({
        registrationId: id,
        stage: input.stage,
        date: input.date,
        note: input.note,
        userId: actor.user.id,
        at: now(),
      });
      if (!saved) throw new HttpError(409, messageCode('stage_reported', stageValue(input.stage)));

      const data = cleanFormOneData(row.data);
      const companyId = eietCompanyIdOf(data);
      if (companyId !== null) {
        await tellEietCompanyOfStage(deps, {
          companyId,
          registrationId: id,
          projectName: String(data.project_name ?? ''),
          referenceNumber: row.referenceNumber ?? '',
          stage: input.stage,
          date: input.date,
          note: input.note,
          fallbackLocale: locale,
        });
      }
      return toStageNoticeJson(saved);
    },

    /** The stages each registration reported (for the answers of the registrations and company modules). */
    of: (registrationIds: number[]) => repo.of(registrationIds),

    /** The public page's construction of a published project; null when no registration published it. */
    async publicConstruction(projectId: number): Promise<PublicConstruction | null> {
      const found = await repo.publicConstruction(projectId);
      if (!found) return null;
      const stages = found.stages
        .map((s) => ({ stage: s.stage as ConstructionStage, date: s.date }))
        .sort((a, b) => a.date.localeCompare(b.date));
      return {
        reference: found.reference,
        current_stage: currentStage(stages),
        stages,
        inspections: found.inspections
          .filter((i) => i.outcome !== null)
          .map((i) => ({
            date: myanmarDate(i.at),
            kind: i.kind as InspectionKind,
            outcome: i.outcome as InspectionOutcome,
          })),
      };
    },
  };
}
export type StagesService = ReturnType<typeof stagesService>;
