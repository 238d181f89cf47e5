/**
 * The public decision log (docs/api.md, "Transparency"; docs/decisions/078-decision-log-hash-chain.md):
 * every decision as an entry of a hash chain that anyone can recompute.
 */

/** What was decided: the committee's approval, rejection or return, a countersignature, an inspection result. */
export const DECISION_ACTIONS = [
  'approval',
  'rejection',
  'return_for_changes',
  'countersignature',
  'inspection_result',
] as const;
export type DecisionAction = (typeof DECISION_ACTIONS)[number];

/** One entry as published; `hash` is the SHA-256 of the RFC 8785 canonical JSON of the other fields. */
export interface DecisionEntry {
  seq: number;
  at: string;
  reference: string;
  action: DecisionAction | string;
  content_sha256: string;
  prev_hash: string;
  hash: string;
}

/** The first entry's `prev_hash`. */
export const GENESIS_HASH = '0'.repeat(64);

/** Where a check of the chain failed: the entry's seq and what was wrong with it. */
export interface ChainBreak {
  seq: number;
  reason: 'hash' | 'prev_hash' | 'seq';
}

/**
 * Checks a chain, oldest first: each entry's hash is recomputed from its own fields, and
 * each `prev_hash` must be the previous entry's hash. `canonical` is RFC 8785 (the
 * `canonicalize` package) and `sha256hex` a SHA-256 in lower-case hex: the browser
 * passes Web Crypto, the server node:crypto.
 */
export async function checkDecisionChain(
  entries: readonly DecisionEntry[],
  canonical: (value: unknown) => string | undefined,
  sha256hex: (text: string) => Promise<string>,
): Promise<{ ok: true; count: number } | { ok: false; count: number; broken: ChainBreak }> {
  let prev = GENESIS_HASH;
  let expectedSeq = entries[0]?.seq ?? 1;
  for (const e of entries) {
    if (e.seq !== expectedSeq) return { ok: false, count: entries.length, broken: { seq: e.seq, reason: 'seq' } };
    if (e.prev_hash !== prev) return { ok: false, count: entries.length, broken: { seq: e.seq, reason: 'prev_hash' } };
    const { hash, ...rest } = e;
    if ((await sha256hex(canonical(rest) ?? '')) !== hash) {
      return { ok: false, count: entries.length, broken: { seq: e.seq, reason: 'hash' } };
    }
    prev = hash;
    expectedSeq++;
  }
  return { ok: true, count: entries.length };
}
