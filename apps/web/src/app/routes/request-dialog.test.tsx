import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EietCompany } from '@hpbc/shared';
import i18next from '../../lib/i18n';
import { deferred, mockFetch, type MockAnswer } from '../../test/fetch-mock';
import { Component as EietListPage } from './eiet-list';
import { Component as PileListPage } from './pile-company-list';
import { renderRouter } from '../../test/render-route';

const company: EietCompany = {
  id: 42,
  eiet_name: 'Golden Inspection Team',
  ceo_name: 'U Aung Min',
  office_address: 'Yangon',
  email_address: 'team@golden.example',
  phone_number: '09 1',
  issue_certificate_date: null,
  certificate_expire_date: null,
};

const pdf = (size = 1500, name = 'letter.pdf') => {
  const file = new File(['%PDF-1.4 fake'], name, { type: 'application/pdf' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

function renderList(
  post?: MockAnswer | ((call: { body: unknown; headers: Record<string, string> }) => Promise<MockAnswer> | MockAnswer),
) {
  const mock = mockFetch({
    'GET /api/eiet-list': { body: { status: 'success', eietList: [company] } },
    'GET /api/pile-list': {
      body: {
        status: 'success',
        pileList: [{ ...company, id: 7, company_name: 'Deep Pile', item: 'Bored piling', address: 'Mandalay' }],
      },
    },
    ...(post ? { 'POST /api/eiet-request': post, 'POST /api/pile-request': post } : {}),
  });
  const { router } = renderRouter(
    [
      { path: '/eiet-list', element: <EietListPage /> },
      { path: '/pile-company-list', element: <PileListPage /> },
    ],
    { initialEntries: ['/eiet-list'] },
  );
  return { mock, router };
}

const values = {
  'Project Name': 'Pearl Tower',
  'Project Information': 'Twenty storeys',
  'Company Name': 'Shwe Builders',
  Address: 'Pyay Road, Yangon',
  'Company Email': 'projects@shwe.example',
  'Contact Phone Number': '09 123 456 789',
};

async function openAndFill(
  user: ReturnType<typeof userEvent.setup>,
  name = 'Request service from Golden Inspection Team',
) {
  await user.click(await screen.findByRole('button', { name }, { timeout: 5000 }));
  const dialog = screen.getByRole('dialog');
  for (const [label, value] of Object.entries(values)) {
    await user.click(within(dialog).getByLabelText(label));
    await user.paste(value);
  }
  return dialog;
}

const fileInput = (dialog: HTMLElement) =>
  within(dialog).getByLabelText(/Cover Letter \(with Letter Head\)/, { selector: 'input' });
const submitButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: /Submit Request|Submitting/ });

// The machine running the suite may be busy; the first render also loads the page's texts.
configure({ asyncUtilTimeout: 5000 });
// Whole pages with typing and dialogs: allow for a machine shared with other work.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(async () => {
  await i18next.changeLanguage('en');
  document.head.innerHTML = '<meta name="csrf-token" content="token-from-page" />';
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe('request dialog', () => {
  it('names the company and CEO, and enables Submit only with every field and a valid PDF', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderList();
    await user.click(
      await screen.findByRole('button', { name: 'Request service from Golden Inspection Team' }, { timeout: 5000 }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Request EIET Service' });
    expect(dialog).toHaveTextContent('Company: Golden Inspection Team');
    expect(dialog).toHaveTextContent('CEO: U Aung Min');
    expect(within(dialog).getByLabelText('Project Name')).toHaveFocus();
    expect(submitButton(dialog)).toBeDisabled();

    for (const [label, value] of Object.entries(values)) {
      await user.click(within(dialog).getByLabelText(label));
      await user.paste(value);
    }
    expect(submitButton(dialog)).toBeDisabled();

    await user.upload(fileInput(dialog), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(within(dialog).getByText('Please select a PDF file.')).toBeInTheDocument();
    expect(within(dialog).queryByText('notes.txt')).not.toBeInTheDocument();
    expect(submitButton(dialog)).toBeDisabled();

    await user.upload(fileInput(dialog), pdf(2 * 1024 * 1024, 'big.pdf'));
    expect(within(dialog).getByText('File size must be less than 2MB.')).toBeInTheDocument();
    expect(within(dialog).queryByText('big.pdf')).not.toBeInTheDocument();
    expect(submitButton(dialog)).toBeDisabled();

    await user.upload(fileInput(dialog), pdf(150 * 1024));
    expect(within(dialog).queryByText('File size must be less than 2MB.')).not.toBeInTheDocument();
    expect(within(dialog).getByText('letter.pdf')).toBeInTheDocument();
    expect(within(dialog).getByText('(150 KB)')).toBeInTheDocument();
    expect(submitButton(dialog)).toBeEnabled();

    await user.click(within(dialog).getByRole('button', { name: 'Remove letter.pdf' }));
    expect(within(dialog).queryByText('letter.pdf')).not.toBeInTheDocument();
    expect(submitButton(dialog)).toBeDisabled();

    await user.clear(within(dialog).getByLabelText('Address'));
    await user.upload(fileInput(dialog), pdf());
    expect(submitButton(dialog)).toBeDisabled();
  });

  it('accepts a file dropped on the drop zone', async () => {
    const user = userEvent.setup();
    renderList();
    const dialog = await openAndFill(user);
    const zone = within(dialog).getByTestId('cover-letter-drop');
    const { fireEvent } = await import('@testing-library/react');
    fireEvent.drop(zone, { dataTransfer: { files: [pdf(2048, 'dropped.pdf')] } });
    expect(within(dialog).getByText('dropped.pdf')).toBeInTheDocument();
    expect(submitButton(dialog)).toBeEnabled();
  });

  it('sends multipart with the page CSRF token and no bearer token, then confirms', async () => {
    const user = userEvent.setup();
    localStorage.setItem('token', 'a-signed-in-token');
    const answer = deferred<MockAnswer>();
    let sent: { body: unknown; headers: Record<string, string> } | undefined;
    renderList((call) => {
      sent = call;
      return answer.promise;
    });
    const dialog = await openAndFill(user);
    await user.upload(fileInput(dialog), pdf());
    await user.click(submitButton(dialog));

    expect(await within(dialog).findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(sent!.headers['X-CSRF-TOKEN']).toBe('token-from-page');
    expect(sent!.headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(sent!.headers.Authorization).toBeUndefined();
    const form = sent!.body as FormData;
    expect(form.get('project_name')).toBe('Pearl Tower');
    expect(form.get('contact_phone')).toBe('09 123 456 789');
    expect(form.get('eiet_id')).toBe('42');
    expect((form.get('cover_letter') as File).name).toBe('letter.pdf');

    answer.resolve({ status: 201, body: { status: 'success', message: 'ok', reference: 'SR-000042' } });
    const done = await screen.findByRole('dialog', { name: 'Request Submitted Successfully!' });
    expect(done).toHaveTextContent('You will receive an email confirmation and HPBC will contact you soon.');
    // The reference the mails quote is shown here too.
    expect(within(done).getByText('Your reference')).toBeInTheDocument();
    expect(within(done).getByTestId('request-reference')).toHaveTextContent('SR-000042');
    expect(screen.queryByRole('dialog', { name: 'Request EIET Service' })).not.toBeInTheDocument();
    expect(within(done).getByRole('button', { name: 'OK' })).toHaveFocus();
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // The next request starts from an empty form.
    await user.click(screen.getByRole('button', { name: 'Request service from Golden Inspection Team' }));
    expect(within(screen.getByRole('dialog')).getByLabelText('Project Name')).toHaveValue('');
  });

  it('shows server validation errors in the dialog and under the fields, keeping what was typed', async () => {
    const user = userEvent.setup();
    renderList({
      status: 422,
      body: {
        status: 'error',
        message: 'The company email must be a valid email address.',
        errors: {
          company_email: ['The company email must be a valid email address.'],
          cover_letter: ['Please select a PDF file.'],
        },
      },
    });
    const dialog = await openAndFill(user);
    await user.upload(fileInput(dialog), pdf());
    await user.click(submitButton(dialog));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Validation Error: The company email must be a valid email address. Please select a PDF file.',
    );
    // Focus stays in the dialog (on the message), though Submit was just disabled.
    await waitFor(() => expect(alert.parentElement).toHaveFocus());
    const email = within(dialog).getByLabelText('Company Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('The company email must be a valid email address.');
    expect(email).toHaveValue('projects@shwe.example');
    expect(within(dialog).getByLabelText('Project Information')).toHaveValue('Twenty storeys');
    // The refused file is cleared, as in the browser check.
    expect(within(dialog).queryByText('letter.pdf')).not.toBeInTheDocument();
    expect(submitButton(dialog)).toBeDisabled();
  });

  it('checks the fields with the shared schema before sending', async () => {
    const user = userEvent.setup();
    const { mock } = renderList({ status: 201, body: { status: 'success', message: 'ok' } });
    const dialog = await openAndFill(user);
    await user.clear(within(dialog).getByLabelText('Contact Phone Number'));
    await user.type(within(dialog).getByLabelText('Contact Phone Number'), 'call me');
    await user.upload(fileInput(dialog), pdf());
    await user.click(submitButton(dialog));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Validation Error: The contact phone must be a valid phone number.',
    );
    expect(within(dialog).getByLabelText('Contact Phone Number')).toHaveFocus();
    expect(mock.count('POST /api/eiet-request')).toBe(0);
  });

  it('reports a server failure and a network failure without losing the form', async () => {
    const user = userEvent.setup();
    let attempt = 0;
    renderList(() => {
      attempt++;
      if (attempt === 1) return { status: 500, body: { message: 'Server error.' } };
      return Promise.reject(new TypeError('Failed to fetch'));
    });
    const dialog = await openAndFill(user);
    await user.upload(fileInput(dialog), pdf());
    await user.click(submitButton(dialog));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error: Server error.');
    await user.click(submitButton(dialog));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'Error submitting request: the server could not be reached.',
      ),
    );
    expect(within(dialog).getByLabelText('Project Name')).toHaveValue('Pearl Tower');
    expect(within(dialog).getByText('letter.pdf')).toBeInTheDocument();
  });

  it("shows the server's message for a 429, and the default failure when an answer has none", async () => {
    const user = userEvent.setup();
    let attempt = 0;
    renderList(() => {
      attempt++;
      if (attempt === 1)
        return { status: 429, body: { message: 'Too many attempts. Please try again in 3540 seconds.' } };
      return { status: 502 };
    });
    const dialog = await openAndFill(user);
    await user.upload(fileInput(dialog), pdf());
    await user.click(submitButton(dialog));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Error: Too many attempts. Please try again in 3540 seconds.',
    );
    await user.click(submitButton(dialog));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Error: Failed to submit request'));
    expect(within(dialog).getByLabelText('Project Name')).toHaveValue('Pearl Tower');
  });

  it('closes on Escape and keeps the draft for the next opening', async () => {
    const user = userEvent.setup();
    renderList();
    const dialog = await openAndFill(user);
    expect(dialog).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request service from Golden Inspection Team' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Request service from Golden Inspection Team' }));
    expect(within(screen.getByRole('dialog')).getByLabelText('Project Name')).toHaveValue('Pearl Tower');
  });

  it('sends a pile request with pile_company_id and shows the pile confirmation', async () => {
    const user = userEvent.setup();
    let form: FormData | undefined;
    const { router } = renderList((call) => {
      form = call.body as FormData;
      return { status: 201, body: { status: 'success', message: 'ok' } };
    });
    await router.navigate('/pile-company-list');
    const dialog = await openAndFill(user, 'Request service from Deep Pile');
    expect(screen.getByRole('dialog', { name: 'Request Pile Service' })).toBe(dialog);
    expect(dialog).not.toHaveTextContent('CEO:');
    await user.upload(fileInput(dialog), pdf());
    await user.click(submitButton(dialog));
    const done = await screen.findByRole('dialog', { name: 'Request Submitted Successfully!' });
    expect(done).toHaveTextContent(
      'Your pile service request has been submitted successfully. The pile company will review your request and HPBC will contact you soon.',
    );
    expect(form!.get('pile_company_id')).toBe('7');
    expect(form!.get('eiet_id')).toBeNull();
  });
});
