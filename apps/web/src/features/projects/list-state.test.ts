import { describe, expect, it } from 'vitest';
import {
  EMPTY_LIST_STATE,
  initialState,
  keepsSavedState,
  parseSavedState,
  stateFromSearch,
  stateToSearch,
} from './list-state';

const saved = { projectName: 'Tower', status: 'Active', location: 'Yangon', currentPage: 3 };

describe('parseSavedState', () => {
  it('reads a saved state', () => {
    expect(parseSavedState(JSON.stringify(saved))).toEqual(saved);
  });
  it.each(['', '{', 'null', '[]', '"text"', '42', 'undefined'])('ignores unparseable %j', (raw) => {
    expect(parseSavedState(raw)).toBeUndefined();
  });
  it('falls back per field when a value has the wrong type', () => {
    expect(
      parseSavedState(JSON.stringify({ projectName: 5, status: 'Pending', location: null, currentPage: -4 })),
    ).toEqual({ projectName: '', status: 'Pending', location: '', currentPage: 1 });
    expect(parseSavedState(JSON.stringify({ projectName: 'x', currentPage: 2.5 }))?.currentPage).toBe(1);
    expect(parseSavedState(JSON.stringify({ currentPage: '7' }))?.currentPage).toBe(7);
  });
});

describe('URL query', () => {
  it('reads project, status, location and page', () => {
    expect(stateFromSearch(new URLSearchParams('project=Tower&status=Active&location=Yangon&page=3'))).toEqual(saved);
  });
  it('ignores a page that is not a positive whole number', () => {
    for (const p of ['0', '-1', 'abc', '1.5', '']) {
      expect(stateFromSearch(new URLSearchParams(`page=${p}`)).currentPage).toBe(1);
    }
  });
  it('writes only what is set, and page only above 1', () => {
    expect(stateToSearch(saved).toString()).toBe('project=Tower&status=Active&location=Yangon&page=3');
    expect(stateToSearch({ ...EMPTY_LIST_STATE, status: 'On Hold' }).toString()).toBe('status=On+Hold');
    expect(stateToSearch(EMPTY_LIST_STATE).toString()).toBe('');
  });
  it('round-trips', () => {
    const s = { projectName: 'a&b=c', status: 'On Hold', location: 'ရန်ကုန်', currentPage: 2 };
    expect(stateFromSearch(stateToSearch(s))).toEqual(s);
  });
});

describe('initialState', () => {
  const url = new URLSearchParams('project=Other&page=2');
  it('prefers the saved state over the URL', () => {
    expect(initialState(JSON.stringify(saved), url)).toEqual(saved);
  });
  it('uses the URL when nothing is saved or the saved value cannot be parsed', () => {
    const fromUrl = { ...EMPTY_LIST_STATE, projectName: 'Other', currentPage: 2 };
    expect(initialState(null, url)).toEqual(fromUrl);
    expect(initialState('not json', url)).toEqual(fromUrl);
    // An object with nothing readable in it cannot be parsed either.
    expect(initialState('{}', url)).toEqual(fromUrl);
    expect(initialState('{"status":5,"currentPage":"x"}', url)).toEqual(fromUrl);
  });
});

describe('keepsSavedState', () => {
  it('keeps the filters only for a project detail', () => {
    expect(keepsSavedState('/project-detail/12')).toBe(true);
    expect(keepsSavedState('/project-list')).toBe(true);
    expect(keepsSavedState('/')).toBe(false);
    expect(keepsSavedState('/library')).toBe(false);
    expect(keepsSavedState('/project-detail')).toBe(false);
    expect(keepsSavedState('/user/projects/3')).toBe(false);
  });
});
