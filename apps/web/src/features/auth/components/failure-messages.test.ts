import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { forgotFailureMessage } from './forgot-password-form';
import { resetFailureMessage } from './reset-password-form';

const t = (key: string) => `<${key}>`;
const text = (m: string) => m;
const answer = (status: number, message: string, errors?: Record<string, string[]>) =>
  new ApiError(status, message, errors, { message, ...(errors ? { errors } : {}) });

describe('forgot password failures (specification section 8)', () => {
  it("gives the e-mail field's first message, else the screen's failure text", () => {
    expect(forgotFailureMessage(answer(422, 'x', { email: ['No such address.'] }), t)).toBe('No such address.');
    expect(forgotFailureMessage(answer(422, 'x', { other: ['y'] }), t)).toBe('<forgot.failed>');
  });
  it('gives the unexpected-error text without an error map, except the wait of a 429', () => {
    expect(forgotFailureMessage(answer(500, 'Server error.'), t)).toBe('<errors.unexpected>');
    expect(forgotFailureMessage(new ApiError(0, 'offline', undefined, undefined), t)).toBe('<errors.unexpected>');
    expect(forgotFailureMessage(answer(429, 'Wait 30 seconds.'), t)).toBe('Wait 30 seconds.');
  });
});

describe('reset password failures (specification section 8)', () => {
  it('prefers the e-mail message, then the password message, then the token text', () => {
    expect(resetFailureMessage(answer(422, 'x', { password: ['P'], email: ['E'] }), t, text)).toBe('E');
    expect(resetFailureMessage(answer(422, 'x', { password: ['P'] }), t, text)).toBe('P');
    expect(resetFailureMessage(answer(422, 'x', { token: ['T'] }), t, text)).toBe('<reset.invalidToken>');
  });
  it("gives the screen's failure text otherwise, the wait of a 429, and the unexpected text offline", () => {
    expect(resetFailureMessage(answer(500, 'Server error.'), t, text)).toBe('<reset.failed>');
    expect(resetFailureMessage(answer(429, 'Wait 30 seconds.'), t, text)).toBe('Wait 30 seconds.');
    expect(resetFailureMessage(new ApiError(0, 'offline', undefined, undefined), t, text)).toBe('<errors.unexpected>');
  });
});
