import { describe, expect, it } from 'vitest';
import { callUrl } from './api-client';

describe('callUrl', () => {
  it('fills the declared path parameters, encoded, and writes the query without empty values', () => {
    expect(callUrl('GET /api/reviews/:id', { id: 12 })).toBe('/api/reviews/12');
    expect(callUrl('GET /api/verify/:reference', { reference: 'a/b c' })).toBe('/api/verify/a%2Fb%20c');
    expect(callUrl('GET /api/reviews', undefined, { page: 2, q: undefined, s: null, t: 'x y' })).toBe(
      '/api/reviews?page=2&t=x+y',
    );
  });
});
