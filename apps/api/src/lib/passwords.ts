import { readFileSync } from 'node:fs';
import path from 'node:path';
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

/** argon2id at OWASP's first recommended setting: 19 MiB, 2 passes, 1 lane. */
const OPTIONS: Options = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Spends the same time as a real check when there is no account, so the answer time
 * does not tell whether an address is registered.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy password for unknown accounts');
  await verifyPassword(await dummyHash, password);
  return false;
}

let blocklist: Set<string> | undefined;
function commonPasswords(): Set<string> {
  blocklist ??= new Set(
    readFileSync(path.join(import.meta.dirname, 'common-passwords.txt'), 'utf8')
      .split('\n')
      .map((l) => l.trim().toLowerCase())
      .filter((l) => l && !l.startsWith('#')),
  );
  return blocklist;
}

/** True for passwords on the committed list of most-guessed ones, or that are the account's own e-mail. */
export function isCommonPassword(password: string, email?: string): boolean {
  const p = password.toLowerCase();
  if (email && (p === email.toLowerCase() || p === email.toLowerCase().split('@')[0])) return true;
  return commonPasswords().has(p);
}
