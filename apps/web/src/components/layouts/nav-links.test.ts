import { describe, expect, it } from 'vitest';
import { isActivePath } from './nav-links';

describe('isActivePath', () => {
  it('matches the path itself and paths below it', () => {
    expect(isActivePath('/eiet-list', '/eiet-list')).toBe(true);
    expect(isActivePath('/eiet-list/', '/eiet-list')).toBe(true);
    expect(isActivePath('/project-list/12', '/project-list')).toBe(true);
  });

  it('does not match a path that only starts with the same letters', () => {
    expect(isActivePath('/eiet-listing', '/eiet-list')).toBe(false);
    expect(isActivePath('/pile-company-list', '/eiet-list')).toBe(false);
  });

  it('matches the home link on the home page only', () => {
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/eiet-list', '/')).toBe(false);
  });
});
