import { describe, expect, it } from 'vitest';
import { distinctStatuses, projectMatches } from './project-filters';
import type { Project } from './projects';

const p: Project = {
  id: 1,
  rn_number: 10,
  project_name: 'Shwe Taung Tower',
  developer: 'Shwe Taung Development',
  status: 'On Hold',
  basement: 2,
  storey: 20,
  building_height: 70,
  location: 'Kamayut',
  region: 'Yangon (West) District',
  state: 'Yangon Region',
};
const none = { projectName: '', status: '', location: '' };

describe('projectMatches', () => {
  it('matches everything with empty filters', () => {
    expect(projectMatches(p, none)).toBe(true);
  });
  it('matches the name as a case-insensitive substring, ignoring surrounding spaces', () => {
    expect(projectMatches(p, { ...none, projectName: '  taung tow ' })).toBe(true);
    expect(projectMatches(p, { ...none, projectName: 'Mandalay' })).toBe(false);
  });
  it('matches the status exactly', () => {
    expect(projectMatches(p, { ...none, status: 'On Hold' })).toBe(true);
    expect(projectMatches(p, { ...none, status: 'on hold' })).toBe(false);
    expect(projectMatches(p, { ...none, status: 'Active' })).toBe(false);
  });
  it('matches location against township, district and state', () => {
    expect(projectMatches(p, { ...none, location: 'kamay' })).toBe(true);
    expect(projectMatches(p, { ...none, location: 'west' })).toBe(true);
    expect(projectMatches(p, { ...none, location: 'yangon region' })).toBe(true);
    expect(projectMatches(p, { ...none, location: 'Bago' })).toBe(false);
  });
  it('needs every filter to match', () => {
    expect(projectMatches(p, { projectName: 'tower', status: 'On Hold', location: 'Bago' })).toBe(false);
  });
  it('treats % and _ as plain characters', () => {
    expect(projectMatches(p, { ...none, projectName: '%' })).toBe(false);
    expect(projectMatches(p, { ...none, projectName: '_' })).toBe(false);
  });
});

describe('distinctStatuses', () => {
  it('lists each status present once, sorted', () => {
    expect(
      distinctStatuses([{ status: 'Pending' }, { status: 'Active' }, { status: 'Pending' }, { status: 'On Hold' }]),
    ).toEqual(['Active', 'On Hold', 'Pending']);
  });
});
