import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RegistrationRecord } from '@hpbc/shared/form-one';
import { renderRoute } from '../../../test/render-route';
import { SubmittedPanel } from './submitted-panel';

const record: RegistrationRecord = {
  id: 7,
  reference_number: 'HPBC-2026-000007',
  status: 'Submitted',
  current_step: 7,
  project_name: 'Shwe Pyi Tower',
  submitted_at: '2026-03-02T03:00:00.000Z',
  created_at: '2026-03-01T03:00:00.000Z',
  updated_at: '2026-03-02T03:00:00.000Z',
  user_id: 3,
  data: {},
  history: [],
};

/** Issue 28, item 8: only a first submission tells the account it "now" has the Project role. */
describe('SubmittedPanel', () => {
  it('says the account now has the Project role when this submission gave it', async () => {
    await renderRoute(<SubmittedPanel record={record} email="a@b.example" gaveRole />, { path: '/form-one' });
    expect(await screen.findByTestId('form-one-submitted')).toHaveTextContent('Your account now has the Project role');
  });

  it('does not tell a Project user they "now" have the role', async () => {
    await renderRoute(<SubmittedPanel record={record} email="a@b.example" gaveRole={false} />, { path: '/form-one' });
    const panel = await screen.findByTestId('form-one-submitted');
    expect(panel).not.toHaveTextContent('now has the Project role');
    expect(panel).toHaveTextContent('This registration is in your project area');
  });
});
