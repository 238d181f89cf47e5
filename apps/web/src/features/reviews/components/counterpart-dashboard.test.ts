import { describe, expect, it } from 'vitest';
import type { ReviewListItem } from '@hpbc/shared/counterpart-review';
import { isOverdue, reviewFigures } from './counterpart-dashboard';

const NOW = new Date('2026-11-24T00:00:00Z');
const item = (state: ReviewListItem['state'], daysAgo: number): ReviewListItem => ({
  registration: {
    id: daysAgo,
    reference_number: `HPBC-2026-${daysAgo}`,
    status: 'Submitted',
    current_step: 7,
    project_name: 'Tower',
    submitted_at: null,
    created_at: NOW.toISOString(),
    updated_at: NOW.toISOString(),
  },
  disciplines: ['architect'],
  state,
  waiting_since: new Date(NOW.getTime() - daysAgo * 86_400_000).toISOString(),
});

describe('the counterpart dashboard figures', () => {
  it('counts reviews awaiting the counterpart, and those waiting more than 14 days as overdue', () => {
    const items = [
      item('awaiting', 15),
      item('awaiting', 14),
      item('awaiting', 2),
      item('changes_requested', 30),
      item('countersigned', 40),
    ];
    expect(reviewFigures(items, NOW)).toEqual({ pending: 3, overdue: 1 });
    expect(isOverdue(item('awaiting', 15), NOW)).toBe(true);
    expect(isOverdue(item('awaiting', 14), NOW)).toBe(false);
    // Waiting for the submitter or already countersigned is never the counterpart's overdue work.
    expect(isOverdue(item('changes_requested', 30), NOW)).toBe(false);
  });
});
