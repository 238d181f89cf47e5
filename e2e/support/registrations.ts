import type { APIRequestContext } from '@playwright/test';
import { completeFormOne } from '../../packages/shared/src/form-one.fixture';
import { XHR, expect, tokenOf } from '../fixtures';
import { BASE_URL } from './ports';

/** Demo accounts (apps/api/src/db/seed) of the review journeys: the committee's administrator, a submitter, the architecture counterpart. */
export const ADMIN = 'admin@hpbc.test';
export const SUBMITTER = 'project@hpbc.test';
export const COUNTERPART = 'national@hpbc.test';

/** The counterpart a registration names for architecture: the demo counterpart unless a journey enrols its own. */
export interface NamedCounterpart {
  name: string;
  license: string;
  email: string;
}
const DEMO_COUNTERPART: NamedCounterpart = {
  name: 'Demo National Counterpart',
  license: 'NA-2041',
  email: COUNTERPART,
};

/**
 * A draft of the demo submitter naming `counterpart` for architecture: its id, the complete
 * Form One it is submitted with (`submitDraft`, once a drawing is attached), and the
 * submitter's token and API headers. Each journey makes its own, as journeys run in parallel.
 */
export async function draftNaming(
  request: APIRequestContext,
  projectName: string,
  counterpart: NamedCounterpart = DEMO_COUNTERPART,
) {
  const token = await tokenOf(request, SUBMITTER);
  const headers = { ...XHR, Authorization: `Bearer ${token}` };
  const data = completeFormOne({
    project_name: projectName,
    national_architect_name: counterpart.name,
    national_architect_license: counterpart.license,
    national_architect_email: counterpart.email,
  });
  const created = await request.post(`${BASE_URL}/api/registrations`, { data: { data }, headers });
  const id = ((await created.json()) as { data: { id: number } }).data.id;
  return { id, data, token, headers };
}

/** Submits a draft with its Form One: the reference number it is given. */
export async function submitDraft(
  request: APIRequestContext,
  draft: { id: number; data: unknown; headers: Record<string, string> },
): Promise<string> {
  const submitted = await request.post(`${BASE_URL}/api/registrations/${draft.id}/submit`, {
    data: { data: draft.data },
    headers: draft.headers,
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  return ((await submitted.json()) as { data: { reference_number: string } }).data.reference_number;
}
