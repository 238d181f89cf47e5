import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { APP_ROUTE_PATTERNS, isAppPath } from '@hpbc/shared/app-routes';
import { routes } from './router';

/** Every full path the route table can show a page at (index routes take their parent's path). */
function pagePaths(table: RouteObject[], parent = ''): string[] {
  return table.flatMap((route) => {
    const own = route.path === undefined ? parent : `${parent.replace(/\/$/, '')}/${route.path}`;
    const here = route.index || (route.path !== undefined && !route.children) ? [own || '/'] : [];
    return [...here, ...(route.children ? pagePaths(route.children, own) : [])];
  });
}

describe('the route table', () => {
  it('is the shared list of page paths the server answers 200 for, and nothing else', () => {
    const paths = pagePaths(routes).filter((p) => !p.endsWith('*'));
    expect([...paths].sort()).toEqual([...APP_ROUTE_PATTERNS].sort());
  });

  it('sends every other path to its not-found page, which the server answers with 404', () => {
    expect(pagePaths(routes).filter((p) => p.endsWith('*'))).toEqual(['/*', '/user/*']);
    expect(isAppPath('/no-such-page')).toBe(false);
    expect(isAppPath('/user/no-such-page')).toBe(false);
  });
});
