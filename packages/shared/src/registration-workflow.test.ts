import { describe, expect, it } from 'vitest';
import {
  STATUS_HOLDER,
  timelineSteps,
  REGISTRATION_STATUSES,
  STATUS_INFO,
  TRANSITIONS,
  canTransition,
  findTransition,
  registrationStatusColor,
  registrationStatusLabel,
  statusesEditableBy,
  transitionsFrom,
  transitionsInto,
} from './registration-workflow';

describe('registration workflow', () => {
  it('lets the submitter submit a draft and resubmit a returned registration, and nothing else', () => {
    expect(findTransition('Draft', 'Submitted', 'submitter')?.name).toBe('submit');
    expect(findTransition('Returned for changes', 'Submitted', 'submitter')?.name).toBe('resubmit');
    expect(transitionsInto('Submitted', 'submitter')).toEqual(['Draft', 'Returned for changes']);
    expect(canTransition('Submitted', 'Approved', 'submitter')).toBe(false);
    expect(canTransition('Draft', 'Submitted', 'committee')).toBe(false);
  });

  it('keys every move by actor: the committee decides, a counterpart starts the review or sends it back', () => {
    expect(transitionsFrom('Submitted', 'committee')).toEqual(['Under Review', 'Returned for changes', 'Rejected']);
    expect(transitionsFrom('Submitted', 'counterpart')).toEqual(['Under Review', 'Returned for changes']);
    expect(transitionsFrom('Under Review', 'counterpart')).toEqual(['Returned for changes']);
    expect(transitionsFrom('Under Review', 'counterpart')).not.toContain('Approved');
    expect(transitionsFrom('Under Review', 'system')).toEqual([]);
    for (const t of TRANSITIONS) {
      expect(REGISTRATION_STATUSES).toContain(t.from);
      expect(REGISTRATION_STATUSES).toContain(t.to);
    }
  });

  it('lets the submitter edit only a draft or a returned registration', () => {
    expect(statusesEditableBy('submitter')).toEqual(['Draft', 'Returned for changes']);
    expect(statusesEditableBy('committee')).toEqual([]);
  });

  it('gives every status a label in both languages, a label key and a colour', () => {
    for (const s of REGISTRATION_STATUSES) {
      expect(STATUS_INFO[s].label.en).toBeTruthy();
      expect(STATUS_INFO[s].label.my).toBeTruthy();
      expect(STATUS_INFO[s].labelKey).toBe(`status.${s}`);
    }
    expect(registrationStatusLabel('Rejected', 'en')).toBe('Rejected');
    expect(registrationStatusLabel('Nonsense', 'my')).toBe('Nonsense');
    expect(registrationStatusColor('Approved')).toBe('green');
    expect(registrationStatusColor('Nonsense')).toBe('gray');
  });
});

describe('timelineSteps and STATUS_HOLDER (issue 28, item 1)', () => {
  it('names a submission after a return a resubmission, and skips drafts and unknown statuses', () => {
    const at = (d: number) => `2026-11-${String(d).padStart(2, '0')}T03:00:00.000Z`;
    const steps = timelineSteps([
      { status: 'Draft', note: null, created_at: at(1) },
      { status: 'Submitted', note: null, created_at: at(2) },
      { status: 'Under Review', note: null, created_at: at(3) },
      { status: 'Returned for changes', note: 'Add the soil report.', created_at: at(4) },
      { status: 'Submitted', note: null, created_at: at(5) },
      { status: 'Gone', note: null, created_at: at(6) },
      { status: 'Approved', note: 'In order.', created_at: at(7) },
    ]);
    expect(steps.map((s) => s.step)).toEqual(['submitted', 'under_review', 'returned', 'resubmitted', 'approved']);
    expect(steps[2]).toMatchObject({ note: 'Add the soil report.', at: at(4) });
    expect(STATUS_HOLDER['Returned for changes']).toBe('submitter');
    expect(STATUS_HOLDER['Under Review']).toBe('reviewers');
    expect(STATUS_HOLDER.Approved).toBe('decided');
  });
});
