import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeRegistration } from '../../../test/registration-fixtures';
import { renderRoute } from '../../../test/render-route';
import { SubmittedPanel } from './submitted-panel';

const record = makeRegistration();

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
