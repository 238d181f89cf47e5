import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  clockTargetSchema,
  holidaySchema,
  isWorkingDay,
  myanmarDate,
  stepClock,
  workingDaysBetween,
} from './working-days';

// 2026-04-13..17 is Thingyan (Monday to Friday); 2026-04-11/12 and 18/19 are weekends.
const thingyan = new Set(['2026-04-13', '2026-04-14', '2026-04-15', '2026-04-16', '2026-04-17']);
const none = new Set<string>();

describe('myanmarDate', () => {
  it('is the date in Yangon (UTC+06:30), not in UTC', () => {
    expect(myanmarDate(new Date('2026-11-24T17:29:59Z'))).toBe('2026-11-24');
    expect(myanmarDate(new Date('2026-11-24T17:30:00Z'))).toBe('2026-11-25');
  });
});

describe('working days', () => {
  it('skips weekends and holidays', () => {
    expect(isWorkingDay('2026-11-27', none)).toBe(true); // Friday
    expect(isWorkingDay('2026-11-28', none)).toBe(false); // Saturday
    expect(isWorkingDay('2026-11-29', none)).toBe(false); // Sunday
    expect(isWorkingDay('2026-04-14', thingyan)).toBe(false);
  });

  it('counts (from, to]: the start day does not count', () => {
    expect(workingDaysBetween('2026-11-23', '2026-11-23', none)).toBe(0);
    expect(workingDaysBetween('2026-11-23', '2026-11-24', none)).toBe(1);
    expect(workingDaysBetween('2026-11-27', '2026-11-30', none)).toBe(1); // Friday → Monday
    expect(workingDaysBetween('2026-11-30', '2026-11-23', none)).toBe(0);
    // Friday 10 April → Monday 20 April across the weekends and Thingyan: only the Monday.
    expect(workingDaysBetween('2026-04-10', '2026-04-20', thingyan)).toBe(1);
    expect(workingDaysBetween('2026-04-10', '2026-04-20', none)).toBe(6);
  });

  it('adds working days across weekends and holidays', () => {
    expect(addWorkingDays('2026-11-27', 0, none)).toBe('2026-11-27');
    expect(addWorkingDays('2026-11-27', 1, none)).toBe('2026-11-30');
    expect(addWorkingDays('2026-04-09', 2, thingyan)).toBe('2026-04-20');
    expect(addWorkingDays('2026-04-09', 10, thingyan)).toBe('2026-04-30');
    for (const n of [0, 1, 3, 7, 20]) {
      expect(workingDaysBetween('2026-04-09', addWorkingDays('2026-04-09', n, thingyan), thingyan)).toBe(n);
    }
  });
});

describe('stepClock', () => {
  const at = (s: string) => new Date(s);

  it('runs from the day after the start and is due on the target day', () => {
    // Submitted Thursday 9 April 10:00 Yangon, target 2: due Monday 20 April after Thingyan.
    const start = at('2026-04-09T03:30:00Z');
    const c = stepClock({
      step: 'counterpart_review',
      intervals: [{ start, end: null }],
      targetDays: 2,
      now: at('2026-04-17T05:00:00Z'),
      holidays: thingyan,
    });
    expect(c).toMatchObject({ elapsed: 1, days_left: 1, overdue: false, due_on: '2026-04-20', paused: false });
    const late = stepClock({
      step: 'counterpart_review',
      intervals: [{ start, end: null }],
      targetDays: 2,
      now: at('2026-04-21T05:00:00Z'),
      holidays: thingyan,
    });
    expect(late).toMatchObject({ elapsed: 3, days_left: -1, overdue: true, due_on: '2026-04-20' });
  });

  it('pauses: the days a registration waits for its submitter do not count', () => {
    const c = stepClock({
      step: 'counterpart_review',
      intervals: [
        // Monday 2 → Wednesday 4 November: 2 days; returned until Monday 16; running again to Wednesday 18: 2 days.
        { start: at('2026-11-02T03:00:00Z'), end: at('2026-11-04T03:00:00Z') },
        { start: at('2026-11-16T03:00:00Z'), end: null },
      ],
      targetDays: 5,
      now: at('2026-11-18T03:00:00Z'),
      holidays: none,
    });
    expect(c).toMatchObject({ elapsed: 4, days_left: 1, due_on: '2026-11-19', paused: false });
    const paused = stepClock({
      step: 'counterpart_review',
      intervals: [{ start: at('2026-11-02T03:00:00Z'), end: at('2026-11-04T03:00:00Z') }],
      targetDays: 5,
      now: at('2026-11-30T03:00:00Z'),
      holidays: none,
    });
    expect(paused).toMatchObject({ elapsed: 2, days_left: 3, due_on: null, paused: true });
  });

  it('adds granted extensions to the target', () => {
    const c = stepClock({
      step: 'submitter_answer',
      intervals: [{ start: at('2026-11-02T03:00:00Z'), end: null }],
      targetDays: 3,
      extensionDays: 5,
      now: at('2026-11-09T03:00:00Z'),
      holidays: none,
    });
    expect(c).toMatchObject({ target: 8, extended_by: 5, elapsed: 5, days_left: 3, overdue: false });
  });
});

describe('schemas', () => {
  it('names the field of a bad holiday or target', () => {
    const h = holidaySchema.safeParse({ date: '2026-02-30', name_en: '', name_my: 'x' });
    expect(h.success).toBe(false);
    expect(h.error?.issues.map((i) => i.message)).toEqual(['date|date', 'required|name_en']);
    expect(holidaySchema.safeParse({ date: '0000-01-01', name_en: 'x', name_my: 'y' }).success).toBe(false);
    const t = clockTargetSchema.safeParse({ working_days: 0, remind_days_before: 2.5 });
    expect(t.error?.issues.map((i) => i.message)).toEqual(['between|working_days|1|250', 'integer|remind_days_before']);
  });
});
