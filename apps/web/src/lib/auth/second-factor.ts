import type { LegalAct } from '@hpbc/shared/second-factor';
import { ApiError, call } from '../api-client';
import { forgetSecurityLink, securityLink } from './security-link';

/** The calls of passkeys, the mailed link and step-up (declared in @hpbc/shared/contract/second-factor). */

export const SECURITY_KEY = ['security'] as const;

export const securityOverview = () => call('GET /api/user/security').then((a) => a.data);

export const mailSecurityLink = (password: string) => call('POST /api/user/security/link', { body: { password } });

/** Why the device gave no passkey: the person cancelled, or it has none / cannot make one. */
export class PasskeyUnavailable extends Error {}

/**
 * The WebAuthn helpers, fetched when a ceremony starts: the pages that offer a step-up (the
 * project and review pages, the on-site inspection) then carry none of it in their own
 * script (issue 31; docs/decisions/108), and most step-ups are made with a code.
 */
const webauthn = () => import('@simplewebauthn/browser');

/** Runs a WebAuthn ceremony; the browser's refusals become PasskeyUnavailable (the code stays as the fallback). */
async function ceremony<T>(run: (lib: Awaited<ReturnType<typeof webauthn>>) => Promise<T>): Promise<T> {
  try {
    // Inside the try: a helper that cannot be fetched (no connection) leaves the code as the way.
    return await run(await webauthn());
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new PasskeyUnavailable(error instanceof Error ? error.message : String(error));
  }
}

export const browserSupportsPasskeys = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** Adds a passkey on this device, for the mailed link's token (kept from the link's page). */
export async function addPasskey(name: string) {
  const token = securityLink() ?? '';
  const options = (await call('POST /api/user/passkeys/options', { body: { token } })).data;
  const response = await ceremony((lib) => lib.startRegistration({ optionsJSON: options as never }));
  const added = await call('POST /api/user/passkeys', { body: { token, name, response: response as never } });
  forgetSecurityLink();
  return added.data;
}

export async function removePasskey(id: number) {
  await call('DELETE /api/user/passkeys/:id', { params: { id }, body: { token: securityLink() ?? '' } });
  forgetSecurityLink();
}

export const renamePasskey = (id: number, name: string) =>
  call('PATCH /api/user/passkeys/:id', { params: { id }, body: { name } }).then((a) => a.data);

/** A step-up proof for one legal act with this device's passkey (the challenge names the act). */
export async function stepUpWithPasskey(act: LegalAct) {
  const options = (await call('POST /api/user/step-up/options', { body: { act } })).data;
  const response = await ceremony((lib) => lib.startAuthentication({ optionsJSON: options as never }));
  return call('POST /api/user/step-up', { body: { response: response as never } });
}

/** A step-up proof with a code from the authenticator app, bound to the act too. */
export const stepUpWithCode = (code: string, act: LegalAct) => call('POST /api/user/step-up', { body: { code, act } });

/** Signs in with a passkey alone (discoverable): the answer of the login. */
export async function passkeySignIn(remember: boolean) {
  const options = (await call('POST /api/user/login/passkey/options', { auth: false })).data;
  const response = await ceremony((lib) => lib.startAuthentication({ optionsJSON: options as never }));
  return call('POST /api/user/login/passkey', { auth: false, body: { response: response as never, remember } });
}

/** The passkey as the second step of a password sign-in. */
export async function passkeySecondStep(challenge: string) {
  const options = (await call('POST /api/user/login/two-factor/passkey/options', { auth: false, body: { challenge } }))
    .data;
  const response = await ceremony((lib) => lib.startAuthentication({ optionsJSON: options as never }));
  return call('POST /api/user/login/two-factor/passkey', {
    auth: false,
    body: { challenge, response: response as never },
  });
}
