import { Suspense } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { completeFormOne } from '@hpbc/shared/form-one.fixture';
import { authStore } from '../../../lib/auth/auth-store';
import i18next from '../../../lib/i18n';
import { makeUser } from '../../../test/auth-fixtures';
import { mockFetch } from '../../../test/fetch-mock';
import { LOCAL_DRAFT_KEY, readLocalDraft, writeLocalDraft } from '../local-draft';
import { FormOneWizard } from './form-one-wizard';
import { renderRouter } from '../../../test/render-route';

function renderWizard(path = '/form-one') {
  const { router } = renderRouter(
    [
      {
        path: '/form-one',
        element: (
          <Suspense fallback={<p>loading</p>}>
            <FormOneWizard />
          </Suspense>
        ),
      },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: [path] },
  );
  return router;
}

// Steps render up to 56 inputs; jsdom on a busy machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });

const counter = () => screen.getByTestId('step-counter');
const stepsNav = () => screen.getByRole('navigation', { name: 'Form steps' });

beforeEach(async () => {
  authStore.reset();
  await i18next.changeLanguage('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Form One steps', () => {
  it('moves one step at a time, never blocked, with the ends disabled and Submit Form on step 7', async () => {
    const user = userEvent.setup();
    renderWizard();
    await screen.findByRole('heading', { level: 2, name: /Basic Project Information/ });
    expect(counter()).toHaveTextContent('Step 1 of 7');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(within(stepsNav()).getByRole('button', { current: 'step' })).toHaveAccessibleName(
      /Step 1: Basic Project Information/,
    );

    // Nothing is filled in, and Next still moves on.
    for (let n = 2; n <= 7; n++) {
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(counter()).toHaveTextContent(`Step ${n} of 7`);
    }
    expect(screen.getByRole('heading', { level: 2, name: /Professional Signatures/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Submit Form' })).toBeEnabled();
    expect(screen.getByRole('group', { name: '(16) Mechanical (B.S)' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: '(15) National Counterpart (ACMV)' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(counter()).toHaveTextContent('Step 6 of 7');
    // A marker jumps straight to its step.
    await user.click(within(stepsNav()).getByRole('button', { name: /Step 3: Company Appointed Engineers/ }));
    expect(counter()).toHaveTextContent('Step 3 of 7');
    expect(screen.getAllByRole('group')).toHaveLength(14);
  });

  it('gives inputs the field names, types and required markers of the specification', async () => {
    renderWizard('/form-one?step=1');
    await screen.findByRole('heading', { level: 2, name: /Basic Project Information/ });
    const byName = (name: string) => document.querySelector(`[name="${name}"]`) as HTMLInputElement;
    for (const name of ['project_name', 'project_location', 'project_owner', 'project_director']) {
      expect(byName(name), name).toBeRequired();
    }
    expect(byName('owner_address')).not.toBeRequired();
    expect(byName('director_email')).toHaveAttribute('type', 'email');
    expect(byName('director_phone')).toHaveAttribute('type', 'tel');
    expect(byName('submission_date')).toHaveAttribute('type', 'date');
    expect(byName('hpbc_registration')).toBeInTheDocument();
  });

  it('marks a completed step with a check', async () => {
    const user = userEvent.setup();
    const data = completeFormOne();
    localStorage.setItem(LOCAL_DRAFT_KEY, JSON.stringify({ data: { ...data, statement2: false }, step: 1 }));
    renderWizard();
    await screen.findByRole('heading', { level: 2, name: /Basic Project Information/ });
    const marker = (n: number) => stepsNav().querySelector(`[data-step="${n}"]`)!;
    expect(marker(1)).toHaveAttribute('data-state', 'complete');
    expect(marker(4)).toHaveAttribute('data-state', 'complete');
    expect(marker(5)).toHaveAttribute('data-state', 'todo');
    await user.click(within(stepsNav()).getByRole('button', { name: /Step 5/ }));
    await user.click(screen.getByRole('checkbox', { name: /designed and built/ }));
    expect(marker(5)).toHaveAttribute('data-state', 'complete');
    expect(
      within(stepsNav()).getByRole('button', { name: /Step 1: Basic Project Information \(completed\)/ }),
    ).toBeVisible();
  });
});

describe('Form One submit checks', () => {
  it('lists every problem, marks the steps, and each link opens the step and focuses the field', async () => {
    const user = userEvent.setup();
    localStorage.setItem(
      LOCAL_DRAFT_KEY,
      JSON.stringify({ data: completeFormOne({ project_name: '', statement1: false, qc_head: '' }), step: 7 }),
    );
    renderWizard();
    await screen.findByRole('heading', { level: 2, name: /Professional Signatures/ });
    await user.click(screen.getByRole('button', { name: 'Submit Form' }));

    const summary = await screen.findByRole('alert', {
      name: 'Please fix all validation errors before submitting the form.',
    });
    const links = within(summary).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Project name is required',
      'QC head name is required',
      'Statement 1 must be checked',
    ]);
    expect(summary).toHaveFocus();
    const marker = (n: number) => stepsNav().querySelector(`[data-step="${n}"]`)!;
    expect(marker(1)).toHaveAttribute('data-state', 'errors');
    expect(marker(2)).toHaveAttribute('data-state', 'errors');
    expect(marker(3)).toHaveAttribute('data-state', 'complete');
    expect(marker(5)).toHaveAttribute('data-state', 'errors');
    // Still on step 7: a failed submit goes nowhere.
    expect(counter()).toHaveTextContent('Step 7 of 7');

    await user.click(links[1]!);
    expect(counter()).toHaveTextContent('Step 2 of 7');
    const qc = document.getElementById('f-qc_head')!;
    await waitFor(() => expect(qc).toHaveFocus());
    expect(qc).toHaveAttribute('name', 'qc_head');
    expect(qc).toHaveAccessibleDescription('QC head name is required');

    // Fixing the field clears its message, and its step is no longer marked.
    await user.type(qc, 'U Tin Win');
    expect(qc).not.toHaveAccessibleDescription();
    expect(marker(2)).toHaveAttribute('data-state', 'complete');

    await user.click(within(screen.getByRole('alert')).getByRole('link', { name: 'Statement 1 must be checked' }));
    expect(counter()).toHaveTextContent('Step 5 of 7');
    await waitFor(() => expect(document.getElementById('f-statement1')).toHaveFocus());

    // The summary follows the language switch, like the messages under the fields.
    await act(() => i18next.changeLanguage('my'));
    await waitFor(() =>
      expect(within(screen.getByRole('alert')).getAllByRole('link')[0]).toHaveTextContent(/ဖြည့်ရန် လိုအပ်ပါသည်။$/),
    );
    // And the step counter speaks in Burmese digits.
    expect(counter()).toHaveTextContent('အဆင့် ၅ / ၇');
  });

  it('goes to the review page when every rule passes, with a Change link per step', async () => {
    const user = userEvent.setup();
    localStorage.setItem(LOCAL_DRAFT_KEY, JSON.stringify({ data: completeFormOne(), step: 7 }));
    renderWizard();
    await screen.findByRole('heading', { level: 2, name: /Professional Signatures/ });
    await user.click(screen.getByRole('button', { name: 'Submit Form' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Check your answers' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Change/ })).toHaveLength(7);
    expect(screen.getByText('Shwe Pyi Tower')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Change\s*— Project Summary$/ }));
    expect(counter()).toHaveTextContent('Step 4 of 7');
  });

  it('sends a visitor to sign in from the review page, keeping the answers and the way back', async () => {
    const user = userEvent.setup();
    localStorage.setItem(LOCAL_DRAFT_KEY, JSON.stringify({ data: completeFormOne(), step: 7 }));
    const router = renderWizard('/form-one?step=review');
    await user.click(await screen.findByRole('button', { name: 'Sign in to submit' }));
    await screen.findByText('login page');
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/form-one?step=review');
    expect(readLocalDraft()?.data.project_name).toBe('Shwe Pyi Tower');
  });
});

describe('Form One drafts', () => {
  it('keeps a visitor draft in this browser as they type, and shows it again after a reload', async () => {
    const user = userEvent.setup();
    renderWizard();
    const name = await screen.findByRole('textbox', { name: /Project name/ });
    await user.type(name, 'Tower');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('save-status')).toHaveTextContent('Saved in this browser');
    expect(readLocalDraft()).toMatchObject({ data: { project_name: 'Tower' }, step: 2 });

    // A fresh page: the answers and the step come back.
    document.body.innerHTML = '';
    renderWizard();
    expect(await screen.findByTestId('step-counter')).toHaveTextContent('Step 2 of 7');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('textbox', { name: /Project name/ })).toHaveValue('Tower');
  });

  it('ignores a damaged browser draft', () => {
    localStorage.setItem(LOCAL_DRAFT_KEY, '{not json');
    expect(readLocalDraft()).toBeNull();
    localStorage.setItem(LOCAL_DRAFT_KEY, JSON.stringify({ data: { project_name: 5, statement1: true }, step: 99 }));
    expect(readLocalDraft()).toMatchObject({ data: { statement1: true }, step: 1 });
  });

  it('saves a signed-in user draft on the server after typing stops, and moves a browser draft into the account', async () => {
    localStorage.setItem(LOCAL_DRAFT_KEY, JSON.stringify({ data: { project_name: 'From the visitor' }, step: 2 }));
    localStorage.setItem('token', 'x'.repeat(64));
    const created = {
      id: 41,
      status: 'Draft',
      current_step: 2,
      data: { project_name: 'From the visitor' },
      history: [],
    };
    const api = mockFetch({
      'GET /api/user/profile': { body: { user: makeUser(), roles: [] } },
      'GET /api/user/status': { body: { status: {} } },
      'POST /api/registrations': { status: 201, body: { data: created } },
      'PUT /api/registrations/41/draft': { body: { data: { id: 41, status: 'Draft' } } },
    });
    act(() => authStore.restore());
    const router = renderWizard();
    expect(await screen.findByText(/now saved in your account/)).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      data: { project_name: 'From the visitor' },
      current_step: 2,
    });
    expect(localStorage.getItem(LOCAL_DRAFT_KEY)).toBeNull();
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('draft')).toBe('41'));

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    const name = screen.getByRole('textbox', { name: /Project name/ });
    await user.type(name, '!');
    await waitFor(
      () =>
        expect(api.calls.filter((c) => c.method === 'PUT').at(-1)?.body).toMatchObject({
          data: { project_name: 'From the visitor!' },
        }),
      { timeout: 4000 },
    );
    await waitFor(() => expect(screen.getByTestId('save-status')).toHaveTextContent('Saved'));
  });

  it('says "Not saved" with a retry when the server cannot be reached, and keeps a copy in the browser', async () => {
    localStorage.setItem('token', 'x'.repeat(64));
    let fail = true;
    const api = mockFetch({
      'GET /api/user/profile': { body: { user: makeUser(), roles: [] } },
      'GET /api/user/status': { body: { status: {} } },
      'GET /api/registrations': { body: { data: [] } },
      'POST /api/registrations': () =>
        fail
          ? Promise.reject(new TypeError('network down'))
          : { status: 201, body: { data: { id: 9, status: 'Draft', current_step: 2, data: {}, history: [] } } },
    });
    act(() => authStore.restore());
    const user = userEvent.setup();
    renderWizard();
    await user.type(await screen.findByRole('textbox', { name: /Project name/ }), 'Kept');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const status = screen.getByTestId('save-status');
    await waitFor(() => expect(status).toHaveTextContent(/Not saved/));
    expect(readLocalDraft()?.data.project_name).toBe('Kept');
    // The copy is marked as this user's: nobody else on this browser is shown it.
    expect(readLocalDraft()?.ownerId).toBe(makeUser().id);

    fail = false;
    await user.click(within(status).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(status).toHaveTextContent('Saved'));
    expect(api.count('POST /api/registrations')).toBe(2);
    expect(localStorage.getItem(LOCAL_DRAFT_KEY)).toBeNull();
  });

  it("never shows another account's copy from this browser, to a visitor or to another user", async () => {
    writeLocalDraft({ project_name: "Someone else's tower" }, 3, { draftId: 77, ownerId: 999 });
    // A visitor sees an empty form.
    renderWizard();
    expect(await screen.findByRole('textbox', { name: /Project name/ })).toHaveValue('');
    expect(counter()).toHaveTextContent('Step 1 of 7');
  });

  it('signed in as another user, the copy is neither shown nor moved into the account', async () => {
    writeLocalDraft({ project_name: "Someone else's tower" }, 3, { draftId: 77, ownerId: 999 });
    localStorage.setItem('token', 'x'.repeat(64));
    const api = mockFetch({
      'GET /api/user/profile': { body: { user: makeUser(), roles: [] } },
      'GET /api/user/status': { body: { status: {} } },
      'GET /api/registrations': { body: { data: [] } },
    });
    act(() => authStore.restore());
    renderWizard();
    expect(await screen.findByRole('textbox', { name: /Project name/ })).toHaveValue('');
    expect(api.count('PUT /api/registrations/77/draft')).toBe(0);
    expect(api.count('POST /api/registrations')).toBe(0);
  });
});
