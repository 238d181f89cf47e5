import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DisciplineTree } from '@hpbc/shared';
import i18next from '../../lib/i18n';
import { Component as RecommendationPage } from './recommendation-process';
import { renderRouter } from '../../test/render-route';

configure({ asyncUtilTimeout: 5000 });
// Whole pages with typing and dialogs: allow for a machine shared with other work.
vi.setConfig({ testTimeout: 20_000 });

const structural: DisciplineTree = {
  id: 1,
  name: 'Structural',
  sub_disciplines: [
    {
      id: 10,
      name: 'Concrete',
      titles: [
        {
          id: 100,
          name: 'Durability',
          sub_titles: [
            {
              id: 1000,
              name: 'Cover to reinforcement',
              items: [
                { id: 1, name: 'Minimum cover', content: '40 mm for columns' },
                { id: 2, name: 'Inspection before casting', content: null },
              ],
            },
            { id: 1001, name: 'Curing', items: [] },
          ],
        },
      ],
    },
  ],
};

function renderAt(path: string, hierarchy: Record<string, DisciplineTree[]>, disciplines = [3, 1, 2]) {
  const names: Record<number, string> = { 1: 'Structural', 2: 'Electrical', 3: 'Geotechnical' };
  // The hierarchy answer depends on the discipline_id query, so this fetch reads the whole URL.
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/v1/recommendations/disciplines') {
      return new Response(JSON.stringify({ data: { data: disciplines.map((id) => ({ id, name: names[id] })) } }));
    }
    const id = url.searchParams.get('discipline_id') ?? '';
    return new Response(JSON.stringify({ data: { data: hierarchy[id] ?? [] } }));
  });
  vi.stubGlobal('fetch', fetchMock);
  const { router } = renderRouter([{ path: '*', element: <RecommendationPage /> }], { initialEntries: [path] });
  return { router, fetchMock };
}

beforeEach(async () => {
  await i18next.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('technical recommendation page', () => {
  it('sorts the disciplines by id, selects the first, and shows the sub-title tables', async () => {
    renderAt('/recommendation-process', {
      '1': [structural],
      '2': [{ id: 2, name: 'Electrical', sub_disciplines: [] }],
    });
    const group = await screen.findByRole('group', { name: 'Disciplines' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Structural', 'Electrical', 'Geotechnical']);
    expect(buttons[0]).toHaveAttribute('aria-pressed', 'true');
    expect(buttons[1]).toHaveAttribute('aria-pressed', 'false');

    expect(await screen.findByRole('heading', { name: 'Concrete', level: 3 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Durability', level: 4 })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Concrete: Durability' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Subtitle', 'Principles']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Cover to reinforcement');
    expect(
      within(rows[0]!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Minimum cover — 40 mm for columns', 'Inspection before casting']);
    expect(rows[1]).toHaveTextContent('CuringNo principles available');
  });

  it('in Burmese, names the disciplines in Burmese and marks the English recommendations as English', async () => {
    await i18next.changeLanguage('my');
    renderAt('/recommendation-process', { '1': [structural] });
    const buttons = within(await screen.findByRole('group', { name: 'ဘာသာရပ်များ' })).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['ဖွဲ့စည်းတည်ဆောက်ပုံ', 'လျှပ်စစ်', 'ဘူမိနည်းပညာ']);
    expect(screen.getByRole('heading', { level: 2, name: 'ဖွဲ့စည်းတည်ဆောက်ပုံ' })).toBeInTheDocument();
    const concrete = await screen.findByRole('heading', { name: 'Concrete', level: 3 });
    expect(concrete.querySelector('[lang="en"]')).not.toBeNull();
    // Nothing of this tree is in Burmese: the page says the English stands in.
    expect(screen.getByText(/အင်္ဂလိပ် စာသားကို ဖော်ပြထားပါသည်/)).toBeInTheDocument();
  });

  it('in Burmese, shows the Burmese texts the committee gave and the English, marked, where none (decision 106)', async () => {
    await i18next.changeLanguage('my');
    const sub = structural.sub_disciplines[0]!;
    const title = sub.titles[0]!;
    const cover = title.sub_titles[0]!;
    const burmese: DisciplineTree = {
      ...structural,
      name_my: 'ဖွဲ့စည်းပုံ (ကော်မတီ)',
      sub_disciplines: [
        {
          ...sub,
          name_my: 'ကွန်ကရစ်',
          titles: [
            {
              ...title,
              name_my: 'ကြာရှည်ခံမှု',
              sub_titles: [
                {
                  ...cover,
                  name_my: 'သံချောင်း အကာအထူ',
                  items: [
                    { ...cover.items[0]!, name_my: 'အနည်းဆုံး အကာအထူ', content_my: 'တိုင်များအတွက် ၄၀ မီလီမီတာ' },
                    cover.items[1]!,
                  ],
                },
                title.sub_titles[1]!,
              ],
            },
          ],
        },
      ],
    };
    renderAt('/recommendation-process', { '1': [burmese] });
    expect(await screen.findByRole('heading', { name: 'ကွန်ကရစ်', level: 3 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'ကြာရှည်ခံမှု', level: 4 })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'ကွန်ကရစ်: ကြာရှည်ခံမှု' });
    const items = within(table).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'အနည်းဆုံး အကာအထူ — တိုင်များအတွက် ၄၀ မီလီမီတာ',
      'Inspection before casting',
    ]);
    expect(items[0]!.querySelector('[lang="en"]')).toBeNull();
    expect(within(items[1]!).getByText('Inspection before casting')).toHaveAttribute('lang', 'en');
    // The sub-title "Curing" has no Burmese name: shown in English, and the note says why.
    expect(within(table).getByText('Curing')).toHaveAttribute('lang', 'en');
    expect(screen.getByText(/အင်္ဂလိပ် စာသားကို ဖော်ပြထားပါသည်/)).toBeInTheDocument();
  });

  it('keeps the selected discipline in the URL and shows the empty states', async () => {
    const user = userEvent.setup();
    const { router } = renderAt('/recommendation-process?discipline=2', {
      '1': [structural],
      '2': [{ id: 2, name: 'Electrical', sub_disciplines: [] }],
    });
    expect(await screen.findByText('No recommendations available for the selected discipline')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Electrical' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Geotechnical' }));
    await waitFor(() => expect(router.state.location.search).toBe('?discipline=3'));
    expect(await screen.findByText('No recommendations found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Geotechnical' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Structural' }));
    expect(await screen.findByRole('table', { name: 'Concrete: Durability' })).toBeInTheDocument();
  });

  it('says so when there are no disciplines at all', async () => {
    renderAt('/recommendation-process', {}, []);
    expect(await screen.findByText('No recommendations found')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Disciplines' })).not.toBeInTheDocument();
  });
});
