import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReviewedRegistration } from '@hpbc/shared/counterpart-review-terms';
import { mockFetch } from '../../../test/fetch-mock';
import { FakeObserver, stubNearAndIdle } from '../../../test/near-observer';
import { makeRegistration } from '../../../test/registration-fixtures';
import { renderRoute } from '../../../test/render-route';
import texts from '../../../locales/en/reviews.json';
import { ReviewScreen } from './review-screen';

stubNearAndIdle();

const review: ReviewedRegistration = {
  ...makeRegistration({ id: 5, status: 'Under Review' }),
  round: 1,
  comments: [],
  countersignatures: [],
  content_sha256: 'abc',
  changes: [],
  project_id: null,
  change_reports: [],
  presentations: [],
  my_disciplines: ['architect'],
  conflict_of_interest: false,
};

describe('the review screen', () => {
  it("draws its first screen with the review's answer and the rest in a later task, once that screen is laid out", async () => {
    mockFetch({ 'GET /api/reviews/5': { body: { data: review } } });
    await renderRoute(
      <ReviewScreen id={5} renderAnswers={() => <p>The answers</p>} renderAfter={() => <p>The presentations</p>} />,
      { path: '/user/national/reviews/5', pattern: '/user/national/reviews/:id' },
    );
    // The first screen on a phone: the title, the facts and what changed (Lighthouse's largest paint).
    expect(await screen.findByRole('heading', { level: 2, name: texts.review.changesTitle })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Shwe Pyi Tower' })).toBeInTheDocument();
    // Below it, nothing yet: its place is held, marked busy.
    expect(screen.queryByRole('heading', { name: texts.review.countersignatures })).toBeNull();
    expect(screen.queryByRole('heading', { name: texts.review.actions })).toBeNull();
    expect(screen.queryByText('The answers')).toBeNull();
    expect(screen.queryByText('The presentations')).toBeNull();
    const held = document.querySelector('[aria-busy="true"]');
    expect(held).not.toBeNull();

    // The browser has laid the first screen out: the rest is within a screen of it.
    const observer = FakeObserver.all.find((o) => o.targets.includes(held!))!;
    await act(async () => observer.near());
    expect(await screen.findByRole('heading', { name: texts.review.actions })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: texts.review.countersignatures })).toBeInTheDocument();
    expect(screen.getByText('The answers')).toBeInTheDocument();
    expect(screen.getByText('The presentations')).toBeInTheDocument();
    expect(held).not.toHaveAttribute('aria-busy');
  });
});
