import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { makeRegistration } from '../../../test/registration-fixtures';
import { renderRoute } from '../../../test/render-route';
import { ReviewStatusForm } from './review-status-form';

afterEach(() => vi.unstubAllGlobals());

const record = (status: string) => makeRegistration({ status });

describe('ReviewStatusForm', () => {
  it('offers only the transitions the shared rule allows', async () => {
    await renderRoute(<ReviewStatusForm record={record('Submitted')} locale="en" onChanged={() => {}} />, {
      path: '/admin/registrations/7',
    });
    const select = await screen.findByLabelText('New status');
    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Choose a status', 'Under Review', 'Returned for changes', 'Rejected']);
  });

  it('says a returned registration is with the submitter, and offers nothing until it comes back', async () => {
    await renderRoute(<ReviewStatusForm record={record('Returned for changes')} locale="en" onChanged={() => {}} />, {
      path: '/admin/registrations/7',
    });
    expect(await screen.findByText(/with the submitter for changes/)).toBeInTheDocument();
    expect(screen.queryByLabelText('New status')).not.toBeInTheDocument();
  });

  it('says so and shows no form once the decision is final', async () => {
    await renderRoute(<ReviewStatusForm record={record('Approved')} locale="en" onChanged={() => {}} />, {
      path: '/admin/registrations/7',
    });
    expect(await screen.findByText(/its status can no longer be changed/)).toBeInTheDocument();
    expect(screen.queryByLabelText('New status')).not.toBeInTheDocument();
  });

  it('asks for a note before rejecting, without calling the server, then sends the change', async () => {
    const server = mockFetch({
      'PATCH /api/admin/registrations/7/status': { body: { data: record('Rejected') } },
    });
    const onChanged = vi.fn();
    await renderRoute(<ReviewStatusForm record={record('Under Review')} locale="en" onChanged={onChanged} />, {
      path: '/admin/registrations/7',
    });
    const user = userEvent.setup({ delay: null });
    await user.selectOptions(await screen.findByLabelText('New status'), 'Rejected');
    await user.click(screen.getByRole('button', { name: 'Change status' }));
    expect(screen.getByRole('textbox', { name: /Note to the submitter/ })).toHaveAccessibleDescription(
      expect.stringMatching(/note field is required/i),
    );
    expect(server.count('PATCH /api/admin/registrations/7/status')).toBe(0);

    await user.type(screen.getByRole('textbox', { name: /Note to the submitter/ }), 'Soil report missing.');
    await user.click(screen.getByRole('button', { name: 'Change status' }));
    expect(await screen.findByText(/The status is now Rejected/)).toBeInTheDocument();
    expect(server.calls.at(-1)?.body).toEqual({ status: 'Rejected', note: 'Soil report missing.' });
    expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ status: 'Rejected' }));
  });

  it('shows the server’s field message on a 422', async () => {
    mockFetch({
      'PATCH /api/admin/registrations/7/status': {
        status: 422,
        body: { message: 'The selected status is invalid.', errors: { status: ['The selected status is invalid.'] } },
      },
    });
    await renderRoute(<ReviewStatusForm record={record('Submitted')} locale="en" onChanged={() => {}} />, {
      path: '/admin/registrations/7',
    });
    const user = userEvent.setup({ delay: null });
    await user.selectOptions(await screen.findByLabelText('New status'), 'Under Review');
    await user.click(screen.getByRole('button', { name: 'Change status' }));
    expect(await screen.findByLabelText('New status')).toHaveAccessibleDescription(
      expect.stringContaining('The selected status is invalid.'),
    );
  });
});
