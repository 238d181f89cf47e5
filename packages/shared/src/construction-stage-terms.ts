import { registerFieldLabels, registerValueLabels } from './messages';
import { INSPECTION_KIND_LABELS, type InspectionKind, type InspectionOutcome } from './company-work-terms';
import type { Locale } from './product';

/**
 * Construction stages (issue 30; docs/api.md "Construction"; decision 094): after approval
 * the owner reports each stage once, with its date and a note; the registration's EIET
 * company is told and schedules the stage's inspection from the notice. The stages, their
 * labels and which inspection kinds belong to which stage live here, once, for the server and
 * the browser; the request body's zod schema is in construction-stages.ts, which the browser
 * does not load (docs/decisions/121).
 */

type L10n = Record<Locale, string>;

export const CONSTRUCTION_STAGES = ['commencement', 'foundation', 'structure', 'services', 'completion'] as const;
export type ConstructionStage = (typeof CONSTRUCTION_STAGES)[number];

export const CONSTRUCTION_STAGE_LABELS: Record<ConstructionStage, L10n> = {
  commencement: { en: 'Commencement', my: 'လုပ်ငန်း စတင်ခြင်း' },
  // A stage with an inspection of its own is named as that inspection is: one term in both languages.
  foundation: INSPECTION_KIND_LABELS.foundation,
  structure: INSPECTION_KIND_LABELS.structure,
  services: INSPECTION_KIND_LABELS.services,
  completion: INSPECTION_KIND_LABELS.completion,
};

/**
 * The inspection a stage's notice asks for (the kind the company's scheduling form is
 * prefilled with). Commencement has no inspection of its own: the company picks one.
 */
export const STAGE_INSPECTION_KIND: Record<ConstructionStage, InspectionKind | null> = {
  commencement: null,
  foundation: 'foundation',
  structure: 'structure',
  services: 'services',
  completion: 'completion',
};

/** The stage an inspection belongs to on the timeline (fire safety is checked with the services). */
export const INSPECTION_KIND_STAGE: Record<InspectionKind, ConstructionStage> = {
  foundation: 'foundation',
  structure: 'structure',
  services: 'services',
  fire_safety: 'services',
  completion: 'completion',
};

export const STAGE_NOTE_MAX = 2000;

/** A reported stage, as the registration's answer (owner, counterparts, company, admin) carries it. */
export interface StageNotice {
  id: number;
  registration_id: number;
  stage: ConstructionStage;
  /** The stage's date, "YYYY-MM-DD" (a day in Myanmar). */
  date: string;
  note: string | null;
  created_at: string;
}

/** The latest stage reported (in the stages' order), or null before commencement. */
export function currentStage(notices: readonly { stage: ConstructionStage }[]): ConstructionStage | null {
  let at = -1;
  for (const n of notices) at = Math.max(at, CONSTRUCTION_STAGES.indexOf(n.stage));
  return at < 0 ? null : CONSTRUCTION_STAGES[at]!;
}

/**
 * What the public project page shows of the construction (GET /api/project-list/{id}):
 * no names, no notes, no remarks — stages with their dates and the inspections done.
 */
export interface PublicConstruction {
  /** The registration's reference number: the page links to /verify/{reference}. */
  reference: string;
  current_stage: ConstructionStage | null;
  stages: { stage: ConstructionStage; date: string }[];
  inspections: { date: string; kind: InspectionKind; outcome: InspectionOutcome }[];
}

registerFieldLabels({
  stage: { en: 'stage', my: 'အဆင့်' },
  date: { en: 'date', my: 'ရက်စွဲ' },
  note: { en: 'note', my: 'မှတ်ချက်' },
});
/**
 * stage_reported names the stage with its label, in the reader's language: the parameter is
 * `stageValue(stage)`, prefixed because bare values such as "structure" name other things.
 */
export const stageValue = (stage: ConstructionStage) => `stage:${stage}`;
registerValueLabels(Object.fromEntries(CONSTRUCTION_STAGES.map((s) => [stageValue(s), CONSTRUCTION_STAGE_LABELS[s]])));
