import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software WebAuthn authenticator for the API tests: an ES256 key made with node:crypto,
 * attestation "none" and assertions built by hand as the WebAuthn Level 2 spec lays them out
 * (authenticator data, CBOR attestation object, COSE key; signature over authData ‖
 * SHA-256(clientDataJSON)). What a browser would send, without a browser.
 */

const b64url = (b: Buffer | Uint8Array) => Buffer.from(b).toString('base64url');
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

/** The few CBOR items the attestation object needs (RFC 8949): small maps, text, bytes, ints. */
function cborHead(major: number, len: number): Buffer {
  if (len < 24) return Buffer.from([(major << 5) | len]);
  if (len < 256) return Buffer.from([(major << 5) | 24, len]);
  return Buffer.from([(major << 5) | 25, len >> 8, len & 0xff]);
}
const cborText = (s: string) => Buffer.concat([cborHead(3, Buffer.byteLength(s)), Buffer.from(s)]);
const cborBytes = (b: Buffer) => Buffer.concat([cborHead(2, b.length), b]);
const cborInt = (n: number) => (n >= 0 ? cborHead(0, n) : cborHead(1, -1 - n));

export class SoftAuthenticator {
  private readonly key: KeyObject;
  private readonly cose: Buffer;
  readonly credentialId = randomBytes(16);
  private counter = 0;
  userHandle = '';

  constructor(
    readonly origin = 'http://localhost:3000',
    readonly rpId = 'localhost',
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.key = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    // COSE_Key: {1: 2 (EC2), 3: -7 (ES256), -1: 1 (P-256), -2: x, -3: y}
    this.cose = Buffer.concat([
      Buffer.from([0xa5]),
      cborInt(1),
      cborInt(2),
      cborInt(3),
      cborInt(-7),
      cborInt(-1),
      cborInt(1),
      cborInt(-2),
      cborBytes(Buffer.from(jwk.x!, 'base64url')),
      cborInt(-3),
      cborBytes(Buffer.from(jwk.y!, 'base64url')),
    ]);
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private clientData(type: string, challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }
  private rpHash(rpId = this.rpId) {
    return createHash('sha256').update(rpId).digest();
  }

  /** navigator.credentials.create(): the registration response for these options. */
  register(options: { challenge: string; user?: { id: string } }, opts: { origin?: string } = {}) {
    this.userHandle = options.user?.id ?? '';
    // Flags: user present (0x01), user verified (0x04), attested credential data (0x40).
    const authData = Buffer.concat([
      this.rpHash(),
      Buffer.from([0x45]),
      u32(this.counter),
      Buffer.alloc(16),
      Buffer.from([0, this.credentialId.length]),
      this.credentialId,
      this.cose,
    ]);
    const attestation = Buffer.concat([
      Buffer.from([0xa3]),
      cborText('fmt'),
      cborText('none'),
      cborText('attStmt'),
      Buffer.from([0xa0]),
      cborText('authData'),
      cborBytes(authData),
    ]);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, opts.origin)),
        attestationObject: b64url(attestation),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get(): a signed assertion for this challenge. */
  assert(options: { challenge: string }, opts: { origin?: string; rpId?: string; userVerified?: boolean } = {}) {
    this.counter += 1;
    const flags = opts.userVerified === false ? 0x01 : 0x05;
    const authData = Buffer.concat([this.rpHash(opts.rpId), Buffer.from([flags]), u32(this.counter)]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, opts.origin);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]),
      this.key,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: this.userHandle || undefined,
      },
      clientExtensionResults: {},
    };
  }
}
