import { describe, expect, it } from 'vitest';
import { normaliseRecoveryCode, normaliseTotpCode } from './two-factor';

describe('recovery codes as typed', () => {
  it('fold case, spaces and dashes', () => {
    expect(normaliseRecoveryCode(' ABCDE-23456 ')).toBe('abcde23456');
  });

  it('read Burmese digits as Latin ones, as the six-digit codes do (second Burmese review, H3)', () => {
    expect(normaliseRecoveryCode('abcde-၂၃၄၅၆')).toBe('abcde23456');
    expect(normaliseRecoveryCode('abcde-၂၃၄၅၆')).toBe(normaliseRecoveryCode('abcde-23456'));
    expect(normaliseTotpCode('၁၂၃ ၄၅၆')).toBe('123456');
  });
});
