import type { PublicConstruction } from './construction-stage-terms';
export const PROJECT_STATUSES = ['Active', 'Completed', 'Pending', 'Cancelled', 'On Hold'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export type BadgeColor = 'green' | 'blue' | 'yellow' | 'orange' | 'red' | 'gray';

/** Specification section 4: Active green, Completed blue, Pending yellow, Cancelled red, anything else grey. */
export function projectStatusColor(status: string): BadgeColor {
  switch (status) {
    case 'Active':
      return 'green';
    case 'Completed':
      return 'blue';
    case 'Pending':
      return 'yellow';
    case 'Cancelled':
      return 'red';
    default:
      return 'gray';
  }
}

export interface Project {
  id: number;
  rn_number: number;
  project_name: string;
  developer: string;
  status: string;
  basement: number;
  storey: number;
  /** Metres; null when nobody gave one (an approval publishes only what the submitter gave). */
  building_height: number | null;
  location: string;
  region: string;
  state: string;
}

/** GET /api/project-list/{id}: the project and, once an approved registration published it, its construction (issue 30). */
export interface ProjectDetail extends Project {
  construction: PublicConstruction | null;
}
