import { describe, expect, it } from 'vitest';
import { renderMessage } from './messages';
import {
  REVIEW_NOTE_MAX,
  allowedReviewTransitions,
  canChangeReviewStatus,
  reviewStatusChangeSchema,
} from './registration-review';

describe('review transitions', () => {
  it('lets a submitted registration go under review, back for changes, or be rejected', () => {
    expect(allowedReviewTransitions('Submitted')).toEqual(['Under Review', 'Returned for changes', 'Rejected']);
    expect(canChangeReviewStatus('Submitted', 'Approved')).toBe(false);
  });

  it('lets one under review be approved, returned for changes or rejected', () => {
    expect([...allowedReviewTransitions('Under Review')].sort()).toEqual([
      'Approved',
      'Rejected',
      'Returned for changes',
    ]);
    expect(canChangeReviewStatus('Under Review', 'Under Review')).toBe(false);
  });

  it('allows nothing from a draft or a decided registration, nor to an unknown status', () => {
    for (const from of ['Draft', 'Approved', 'Rejected', 'Returned for changes', 'Nonsense']) {
      expect(allowedReviewTransitions(from)).toEqual([]);
    }
    expect(canChangeReviewStatus('Submitted', 'Draft')).toBe(false);
    expect(canChangeReviewStatus('Submitted', 'Submitted')).toBe(false);
  });
});

describe('reviewStatusChangeSchema', () => {
  const errors = (body: unknown) => {
    const r = reviewStatusChangeSchema.safeParse(body);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
  };

  it('accepts a status without a note where none is needed, and trims notes', () => {
    expect(reviewStatusChangeSchema.parse({ status: 'Approved' })).toEqual({ status: 'Approved', note: null });
    expect(reviewStatusChangeSchema.parse({ status: 'Rejected', note: '  Missing soil report ' }).note).toBe(
      'Missing soil report',
    );
  });

  it('needs a note to reject or return, names unknown statuses and over-long notes', () => {
    expect(renderMessage(errors({ status: 'Rejected' }).note!, 'en')).toMatch(/note/);
    expect(errors({ status: 'Rejected', note: '   ' }).note).toBeDefined();
    expect(errors({ status: 'Returned for changes' }).note).toBeDefined();
    expect(errors({ status: 'Returned for changes', note: 'Add the soil report' })).toEqual({});
    expect(errors({ status: 'Draft' }).status).toBeDefined();
    expect(errors({}).status).toBeDefined();
    expect(errors({ status: 'Approved', note: 'x'.repeat(REVIEW_NOTE_MAX + 1) }).note).toBeDefined();
    expect(errors({ status: 'Approved', note: 5 }).note).toBeDefined();
  });
});
