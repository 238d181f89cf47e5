import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RegistrationSummary } from '@hpbc/shared/form-one';
import { mockFetch, type MockAnswer } from '../../../test/fetch-mock';
import { renderRoute } from '../../../test/render-route';
import { readLocalDraft, writeLocalDraft } from '../local-draft';
import { ProjectsDashboard } from './projects-dashboard';
import { ProjectsList } from './projects-list';

function summary(over: Partial<RegistrationSummary>): RegistrationSummary {
  return {
    id: 1,
    reference_number: null,
    status: 'Draft',
    current_step: 3,
    project_name: 'Kamayut Tower',
    submitted_at: null,
    created_at: '2026-11-20T08:00:00Z',
    updated_at: '2026-11-21T08:00:00Z',
    ...over,
  };
}

const submitted = summary({
  id: 2,
  status: 'Submitted',
  reference_number: 'HPBC-2026-000002',
  project_name: 'Hlaing Plaza',
  submitted_at: '2026-11-21T09:00:00Z',
});

/** The list answers with the draft until DELETE succeeds, then without it. */
function serverWithDraft(deleteAnswer: MockAnswer = { status: 204 }) {
  let rows = [summary({}), submitted];
  return mockFetch({
    'GET /api/registrations': () => ({ body: { data: rows } }),
    'DELETE /api/registrations/1': () => {
      if ((deleteAnswer.status ?? 200) < 300) rows = rows.filter((r) => r.id !== 1);
      return deleteAnswer;
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('deleting a Form One draft', () => {
  it('asks first, keeps the draft on cancel, then deletes it and says so', async () => {
    const http = serverWithDraft();
    await renderRoute(<ProjectsDashboard />, { path: '/user/projects/dashboard' });
    const drafts = await screen.findByRole('region', { name: 'Drafts to finish' });
    await userEvent.click(await within(drafts).findByRole('button', { name: 'Delete the draft Kamayut Tower' }));

    const dialog = screen.getByRole('dialog', { name: 'Delete this draft?' });
    expect(dialog).toHaveAccessibleDescription(/Kamayut Tower/);
    expect(within(dialog).getByRole('button', { name: 'Keep the draft' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the draft' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(http.count('DELETE /api/registrations/1')).toBe(0);

    await userEvent.click(within(drafts).getByRole('button', { name: 'Delete the draft Kamayut Tower' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete draft' }));
    expect(await screen.findByText('The draft “Kamayut Tower” was deleted.')).toBeInTheDocument();
    expect(http.count('DELETE /api/registrations/1')).toBe(1);
    expect(await within(drafts).findByText('You have no unfinished drafts.')).toBeInTheDocument();
    // Focus is not lost with the removed row: it is on the message.
    expect(screen.getByText('The draft “Kamayut Tower” was deleted.').closest('[tabindex="-1"]')).toHaveFocus();
  });

  it.each([
    { local: 1, kept: false },
    { local: 9, kept: true },
  ])('from the list; the browser copy of draft $local is kept: $kept', async ({ local, kept }) => {
    serverWithDraft();
    writeLocalDraft({ project_name: 'Kamayut Tower' }, 3, { draftId: local });
    await renderRoute(<ProjectsList />, { path: '/user/projects' });
    const table = await screen.findByRole('table', { name: 'Your registrations, newest first' });
    // Submitted registrations offer no delete button.
    expect(within(table).getAllByRole('button', { name: /^Delete the draft/ })).toHaveLength(1);
    await userEvent.click(within(table).getByRole('button', { name: 'Delete the draft Kamayut Tower' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete draft' }));
    expect(await screen.findByText('The draft “Kamayut Tower” was deleted.')).toBeInTheDocument();
    expect(readLocalDraft()?.draftId).toBe(kept ? local : undefined);
  });

  it('writes the step a draft reached with Burmese digits in Burmese', async () => {
    serverWithDraft();
    await renderRoute(<ProjectsDashboard />, { path: '/user/projects/dashboard', language: 'my' });
    expect(await screen.findByText(/အဆင့် ၃ \/ ၇ တွင်/)).toBeInTheDocument();
    expect(screen.queryByText(/အဆင့် 3/)).not.toBeInTheDocument();
  });

  it('explains a refusal in the dialog and keeps the row', async () => {
    serverWithDraft({ status: 409, body: { message: 'Submitted registrations cannot be deleted.' } });
    await renderRoute(<ProjectsDashboard />, { path: '/user/projects/dashboard', language: 'my' });
    await userEvent.click(await screen.findByRole('button', { name: 'Kamayut Tower မူကြမ်းကို ဖျက်ရန်' }));
    await userEvent.click(screen.getByRole('button', { name: 'မူကြမ်းကို ဖျက်ရန်' }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText('ဤမှတ်ပုံတင်မှုကို တင်သွင်းပြီးဖြစ်၍ ဖျက်၍ မရတော့ပါ။')).toBeInTheDocument();
  });
});
