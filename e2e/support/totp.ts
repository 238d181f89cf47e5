import { Secret, TOTP } from 'otpauth';

/** The code the authenticator app shows `stepsAhead` 30-second steps from now (the server accepts ±1). */
export function totp(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });
}
