import { createHash, randomBytes } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { messageCode, PRODUCT, rule, type Locale } from '@hpbc/shared';
import {
  canonicalAct,
  STEP_UP_MINUTES,
  type LegalAct,
  type Passkey,
  type SecurityOverview,
  type StepUpAnswer,
  type WebAuthnOptions,
} from '@hpbc/shared/second-factor';
import type { Actor, ModuleDeps } from '../../module-deps';
import { HttpError, ValidationError, notFound } from '../../lib/http-errors';
import { verifyPassword } from '../../lib/passwords';
import { rateCounter } from '../../lib/rate-counter';
import { authRepository } from '../auth/auth.repository';
import { tooManyAttempts } from '../auth/login-throttle';
import { CODE_LIMITS, twoFactorService } from '../auth/two-factor.service';
import { secondFactorRepository, type PasskeyRow } from './second-factor.repository';
import { securityLinks, securityNotice } from './security-notice';
import { exemptionOf, hasSecondFactor, mustHaveSecondFactor } from './who-must';
import { challengeOf, relyingParty } from './webauthn';

/** The WebAuthn library loads with the first passkey ceremony, not at every start (decision 117). */
const webauthn = () => import('@simplewebauthn/server');

/** A WebAuthn ceremony must be finished within this time. */
const CEREMONY_MS = 5 * 60 * 1000;

const passkeyRefused = () => new ValidationError({ response: [rule('passkey_response', 'response')] });

const toPasskey = (p: PasskeyRow): Passkey => ({
  id: p.id,
  name: p.name,
  created_at: p.createdAt.toISOString(),
  last_used_at: p.lastUsedAt?.toISOString() ?? null,
});

/**
 * Passkeys, step-up proofs for legal acts, and the mailed link every change of a second
 * factor needs (docs/decisions/074, 075, 076; docs/api.md "Legal acts need a second factor").
 */
export function secondFactorService(deps: ModuleDeps) {
  const { config, now, database } = deps;
  const repo = secondFactorRepository(database);
  const auth = authRepository(database);
  const totp = twoFactorService(deps);
  const counter = rateCounter(database, now);
  const notify = securityNotice(deps);
  const links = securityLinks(deps);
  const rp = relyingParty(config.appUrl);
  const isExempt = exemptionOf(config.twoFactorExemptEmails);

  const hasFactor = (userId: number) => hasSecondFactor(database, userId);

  async function challengeRow(
    userId: number | null,
    purpose: Parameters<typeof repo.insertChallenge>[0]['purpose'],
    challenge: string,
    act?: LegalAct,
  ) {
    const at = now();
    await repo.insertChallenge({
      userId,
      purpose,
      challenge,
      act,
      expiresAt: new Date(at.getTime() + CEREMONY_MS),
      now: at,
    });
  }

  /** Checks an assertion against the live challenge it answers and the passkey that made it. */
  async function verifyAssertion(
    response: AuthenticationResponseJSON,
    purpose: 'sign_in' | 'second_step' | 'step_up',
    userId: number | null,
  ) {
    const challenge = challengeOf(response.response.clientDataJSON);
    const key = await repo.passkeyByCredential(response.id);
    if (!challenge) throw passkeyRefused();
    if (!key || (userId !== null && key.userId !== userId)) {
      throw new ValidationError({ response: [rule('passkey_unknown', 'response')] });
    }
    // Spent before the signature is checked: a replayed or a parallel answer finds it gone.
    const row = await repo.spendChallenge(challenge, purpose, now());
    if (!row || (row.userId !== null && row.userId !== key.userId)) throw passkeyRefused();
    let verified;
    try {
      verified = await (
        await webauthn()
      ).verifyAuthenticationResponse({
        response,
        expectedChallenge: row.challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.rpID,
        requireUserVerification: true,
        credential: {
          id: key.credentialId,
          publicKey: Buffer.from(key.publicKey, 'base64url'),
          counter: key.counter,
          transports: key.transports as never,
        },
      });
    } catch {
      throw passkeyRefused();
    }
    if (!verified.verified) throw passkeyRefused();
    await repo.usedPasskey(key.id, verified.authenticationInfo.newCounter, now());
    return { key, row };
  }

  async function authenticationOptions(
    userId: number | null,
    purpose: 'sign_in' | 'second_step' | 'step_up',
    act?: LegalAct,
  ) {
    // A step-up's challenge carries what is signed: 16 random bytes, then SHA-256 of the act.
    const challenge = act
      ? Buffer.concat([randomBytes(16), createHash('sha256').update(canonicalAct(act)).digest()])
      : randomBytes(32);
    const keys = userId === null ? [] : await repo.passkeysOf(userId);
    const options = await (
      await webauthn()
    ).generateAuthenticationOptions({
      rpID: rp.rpID,
      challenge: new Uint8Array(challenge),
      userVerification: 'required',
      timeout: CEREMONY_MS,
      allowCredentials: keys.map((k) => ({ id: k.credentialId, transports: k.transports })),
    });
    await challengeRow(userId, purpose, options.challenge, act);
    return options as unknown as WebAuthnOptions;
  }

  async function ownerOf(userId: number) {
    const u = await auth.findById(userId);
    if (!u) throw new HttpError(401, messageCode('unauthenticated'));
    return u;
  }

  return {
    hasFactor,
    exempt: (email: string) => isExempt(email),

    async overview(actor: Actor): Promise<SecurityOverview> {
      const { user } = actor;
      const [keys, status] = await Promise.all([repo.passkeysOf(user.id), totp.status(user.id)]);
      const any = keys.length > 0 || status.enabled;
      const required = (await mustHaveSecondFactor(database, user.id)) && !isExempt(user.email);
      return {
        passkeys: keys.map(toPasskey),
        totp: {
          enabled: status.enabled,
          enabled_at: status.enabled_at,
          recovery_codes_left: status.recovery_codes_left,
        },
        required,
        step_up: any || !isExempt(user.email),
      };
    },

    /**
     * The password, then a link mailed to the account's address: the two together allow one
     * change of the second factors (issue 24 hole 2). Wrong passwords are limited as codes are.
     */
    async mailLink(actor: Actor, password: string, path: string): Promise<{ message: string }> {
      const user = await ownerOf(actor.user.id);
      const claim = await counter.claim(`seclink:${user.id}`, CODE_LIMITS);
      if (!claim.allowed) throw tooManyAttempts(claim.retryAfterMs / 1000);
      if (!(await verifyPassword(user.passwordHash, password))) {
        throw new ValidationError({ password: [rule('current_password', 'password')] });
      }
      await counter.clear(`seclink:${user.id}`);
      await links.send(user, path);
      return { message: messageCode('security_link_sent') };
    },

    // ---- Passkeys ------------------------------------------------------------------------

    async registrationOptions(actor: Actor, token: string): Promise<WebAuthnOptions> {
      const { user } = actor;
      await links.check(user.id, token);
      const keys = await repo.passkeysOf(user.id);
      const options = await (
        await webauthn()
      ).generateRegistrationOptions({
        rpName: PRODUCT.short,
        rpID: rp.rpID,
        userName: user.email,
        userDisplayName: user.name,
        // An opaque handle: the account's number, keyed with the app's secret (no e-mail on the device).
        userID: new Uint8Array(createHash('sha256').update(`${config.appSecret}:passkey-user:${user.id}`).digest()),
        attestationType: 'none',
        timeout: CEREMONY_MS,
        excludeCredentials: keys.map((k) => ({ id: k.credentialId, transports: k.transports })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await challengeRow(user.id, 'register', options.challenge);
      return options as unknown as WebAuthnOptions;
    },

    async addPasskey(
      actor: Actor,
      body: { token: string; name?: string; response: RegistrationResponseJSON },
      locale: Locale,
    ): Promise<Passkey> {
      const { user } = actor;
      await links.check(user.id, body.token);
      const challenge = challengeOf(body.response.response.clientDataJSON);
      const row = challenge ? await repo.spendChallenge(challenge, 'register', now()) : undefined;
      if (!row || row.userId !== user.id) throw passkeyRefused();
      let info;
      try {
        const verified = await (
          await webauthn()
        ).verifyRegistrationResponse({
          response: body.response,
          expectedChallenge: row.challenge,
          expectedOrigin: rp.origins,
          expectedRPID: rp.rpID,
          requireUserVerification: true,
        });
        info = verified.verified ? verified.registrationInfo : undefined;
      } catch {
        info = undefined;
      }
      if (!info) throw passkeyRefused();
      if (await repo.passkeyByCredential(info.credential.id)) throw passkeyRefused();
      await links.use(user.id, body.token);
      const count = await repo.passkeyCount(user.id);
      const name = body.name?.trim() || (locale === 'my' ? `ပတ်စ်ကီး ${count + 1}` : `Passkey ${count + 1}`);
      const saved = await repo.insertPasskey({
        userId: user.id,
        credentialId: info.credential.id,
        publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
        counter: info.credential.counter,
        transports: info.credential.transports ?? body.response.response.transports ?? [],
        name,
        now: now(),
      });
      await notify(user, 'passkey_added', { name, ip: actor.ip });
      return toPasskey(saved);
    },

    async renamePasskey(actor: Actor, id: number, name: string): Promise<Passkey> {
      const row = await repo.renamePasskey(actor.user.id, id, name);
      if (!row) throw notFound(messageCode('passkey_not_found'));
      return toPasskey(row);
    },

    async removePasskey(actor: Actor, id: number, token: string): Promise<void> {
      const { user } = actor;
      await links.check(user.id, token);
      const mine = (await repo.passkeysOf(user.id)).find((k) => k.id === id);
      if (!mine) throw notFound(messageCode('passkey_not_found'));
      await links.use(user.id, token);
      const removed = await repo.deletePasskey(user.id, id);
      if (!removed) throw notFound(messageCode('passkey_not_found'));
      await notify(user, 'passkey_removed', { name: removed.name, ip: actor.ip });
    },

    // ---- Signing in with a passkey ------------------------------------------------------

    /** Discoverable sign-in: no account named, the device offers its passkeys for this site. */
    signInOptions: () => authenticationOptions(null, 'sign_in'),

    async signIn(response: AuthenticationResponseJSON): Promise<number> {
      const { key } = await verifyAssertion(response, 'sign_in', null);
      return key.userId;
    },

    /** Password + passkey: the second step of a password sign-in, for its ticket. */
    async secondStepOptions(ticket: string): Promise<WebAuthnOptions> {
      const t = await totp.liveSignInTicket(ticket);
      return authenticationOptions(t.userId, 'second_step');
    },

    async secondStep(ticket: string, response: AuthenticationResponseJSON) {
      const t = await totp.liveSignInTicket(ticket);
      await verifyAssertion(response, 'second_step', t.userId);
      await totp.spendTicket(t.id);
      return { userId: t.userId, remember: t.remember };
    },

    // ---- Step-up for legal acts --------------------------------------------------------

    async stepUpOptions(actor: Actor, act: LegalAct): Promise<WebAuthnOptions> {
      if ((await repo.passkeyCount(actor.user.id)) === 0) {
        throw new HttpError(403, messageCode('two_factor_required'), { reason: 'two_factor_required' });
      }
      return authenticationOptions(actor.user.id, 'step_up', act);
    },

    /** POST /api/user/step-up: a current code or a passkey's assertion; the proof lasts STEP_UP_MINUTES. */
    async stepUp(
      actor: Actor,
      body: { code: string; act?: LegalAct } | { response: AuthenticationResponseJSON },
    ): Promise<StepUpAnswer> {
      const at = now();
      const expiresAt = new Date(at.getTime() + STEP_UP_MINUTES * 60 * 1000);
      if ('code' in body) {
        await totp.checkCurrentCode(actor.user.id, body.code);
        await repo.insertProof({
          userId: actor.user.id,
          method: 'code',
          act: body.act ?? null,
          actKey: body.act ? canonicalAct(body.act) : null,
          now: at,
          expiresAt,
        });
      } else {
        const { key, row } = await verifyAssertion(body.response, 'step_up', actor.user.id);
        const act = row.act as LegalAct;
        await repo.insertProof({
          userId: actor.user.id,
          method: 'passkey',
          passkeyId: key.id,
          passkeyName: key.name,
          act,
          actKey: canonicalAct(act),
          assertion: body.response,
          now: at,
          expiresAt,
        });
      }
      return { expires_at: expiresAt.toISOString() };
    },
  };
}
export type SecondFactorService = ReturnType<typeof secondFactorService>;
