import { describe, expect, it } from 'vitest';
import { HttpError, knownId } from './http-errors';

// A path's :id read by idParamsSchema is null unless a whole number from 1; every route that
// reads it answers a malformed id as the same 404 as an unknown one, with its own message.
function thrownBy(f: () => unknown): HttpError {
  try {
    f();
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    return err as HttpError;
  }
  throw new Error('nothing was thrown');
}

describe('knownId', () => {
  it('passes a whole number through', () => {
    expect(knownId(42, 'registration_not_found')).toBe(42);
  });

  it('turns null into a 404 carrying the route’s message code', () => {
    expect(thrownBy(() => knownId(null, 'registration_not_found'))).toMatchObject({
      statusCode: 404,
      message: 'registration_not_found|',
    });
  });

  it('says "Not found." when the route names no message', () => {
    expect(thrownBy(() => knownId(null))).toMatchObject({ statusCode: 404, message: 'not_found|' });
  });
});
