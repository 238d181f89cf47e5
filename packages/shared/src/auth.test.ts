import { describe, expect, it } from 'vitest';
import {
  adminUserUpdateSchema,
  loginSchema,
  passwordChangeSchema,
  profileUpdateSchema,
  registerSchema,
  resetPasswordSchema,
} from './auth';

function errorsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string[]> = {};
  for (const i of result.error?.issues ?? []) (out[i.path.join('.')] ??= []).push(i.message);
  return out;
}

const good = {
  name: 'Aung Aung',
  email: ' Aung@Example.COM ',
  password: 'long enough pass',
  password_confirmation: 'long enough pass',
  terms: true,
};

describe('registerSchema', () => {
  it('accepts a good payload, trimming and lower-casing the e-mail', () => {
    const r = registerSchema.parse(good);
    expect(r.email).toBe('aung@example.com');
    expect(r.terms).toBe(true);
  });

  it('lists every failed field at once, including the confirmation', () => {
    const r = registerSchema.safeParse({ email: 'nope', password: 'short', password_confirmation: 'other' });
    expect(errorsOf(r)).toEqual({
      name: ['required|name'],
      email: ['email|email'],
      password: ['min|password|8', 'confirmed|password'],
      terms: ['accepted|terms'],
    });
    const r2 = registerSchema.safeParse({ ...good, password_confirmation: 'different!' });
    expect(errorsOf(r2)).toEqual({ password: ['confirmed|password'] });
    const r3 = registerSchema.safeParse({ ...good, name: '', password_confirmation: 'different!' });
    expect(errorsOf(r3)).toEqual({ name: ['required|name'], password: ['confirmed|password'] });
  });

  it('bounds the password at 256 characters without truncating', () => {
    const p = 'x'.repeat(257);
    expect(errorsOf(registerSchema.safeParse({ ...good, password: p, password_confirmation: p }))).toEqual({
      password: ['max|password|256'],
    });
    const ok = 'y'.repeat(256);
    expect(registerSchema.parse({ ...good, password: ok, password_confirmation: ok }).password).toBe(ok);
  });

  it.each([true, 'on', '1', 'yes', 'true', 1])('accepts terms=%s', (terms) => {
    expect(registerSchema.safeParse({ ...good, terms }).success).toBe(true);
  });
  it.each([false, 'no', 0, undefined, null])('refuses terms=%s', (terms) => {
    expect(errorsOf(registerSchema.safeParse({ ...good, terms }))).toEqual({ terms: ['accepted|terms'] });
  });
});

describe('other payloads', () => {
  it('login needs an e-mail and a password; remember defaults to false', () => {
    expect(loginSchema.parse({ email: 'a@b.co', password: 'x' })).toEqual({
      email: 'a@b.co',
      password: 'x',
      remember: false,
    });
    expect(errorsOf(loginSchema.safeParse({ remember: 'yes' }))).toEqual({
      email: ['required|email'],
      password: ['required|password'],
      remember: ['boolean|remember'],
    });
  });

  it('profile: blank password keeps the current one; phone and address blank become null', () => {
    const r = profileUpdateSchema.parse({ name: 'A', email: 'a@b.co', phone: '', address: ' ', password: '' });
    expect(r).toMatchObject({ phone: null, address: null, password: undefined });
    expect(errorsOf(profileUpdateSchema.safeParse({ name: 'A', email: 'a@b.co', password: 'abcdefgh' }))).toEqual({
      password: ['confirmed|password'],
    });
    expect(errorsOf(profileUpdateSchema.safeParse({ name: 'A', email: 'a@b.co', phone: 'call me' }))).toEqual({
      phone: ['phone|phone'],
    });
    expect(profileUpdateSchema.parse({ name: 'A', email: 'a@b.co', phone: '09-123 456 789' }).phone).toBe(
      '09-123 456 789',
    );
  });

  it('reset and password change require their fields', () => {
    expect(Object.keys(errorsOf(resetPasswordSchema.safeParse({})))).toEqual([
      'token',
      'email',
      'password',
      'password_confirmation',
    ]);
    expect(errorsOf(passwordChangeSchema.safeParse({ password: 'abcdefgh', password_confirmation: 'x' }))).toEqual({
      current_password: ['required|current_password'],
      password: ['confirmed|password'],
    });
  });

  it('admin update accepts known slugs only', () => {
    expect(adminUserUpdateSchema.parse({ roles: ['eiet'], is_admin: true })).toEqual({
      roles: ['eiet'],
      is_admin: true,
    });
    expect(adminUserUpdateSchema.safeParse({ roles: ['boss'] }).success).toBe(false);
    expect(adminUserUpdateSchema.safeParse({ status: 'gone' }).success).toBe(false);
  });
});
