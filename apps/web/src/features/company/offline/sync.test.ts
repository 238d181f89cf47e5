import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import type { OutboxEntry } from './onsite-db';

// The outbox's states after one try (decision 098): sent, waiting for a connection, refused, or
// waiting for the inspector's second factor. The database is replaced by a map.
const rows = new Map<number, Record<string, unknown>>();
vi.mock('./onsite-db', () => ({
  onsiteDb: {
    outbox: {
      update: async (seq: number, changes: Record<string, unknown>) => {
        rows.set(seq, { ...rows.get(seq), ...changes });
        return 1;
      },
    },
  },
}));
const { settle } = await import('./sync');

const entry: OutboxEntry = {
  seq: 1,
  owner: 7,
  inspection_id: 3,
  key: 'onsite:checklist:1',
  state: 'waiting',
  created_at: '2026-11-26T02:00:00.000Z',
  tries: 0,
  kind: 'checklist',
  body: { items: [{ item_id: 1, result: 'passed', note: null }] },
};

beforeEach(() => rows.clear());

describe('settle', () => {
  it('marks an accepted entry sent and goes on', async () => {
    expect(await settle(entry, () => Promise.resolve({}))).toBe(true);
    expect(rows.get(1)).toMatchObject({ state: 'sent', tries: 1 });
  });

  it('keeps an entry waiting when no answer arrives, the server fails, or the first try is still in process', async () => {
    for (const error of [
      new ApiError(0, 'offline', undefined, undefined),
      new ApiError(503, 'busy', undefined, undefined),
      new ApiError(409, 'The first request with this Idempotency-Key is still being processed.', undefined, undefined),
      new TypeError('Failed to fetch'),
    ]) {
      expect(await settle(entry, () => Promise.reject(error))).toBe(false);
      expect(rows.get(1)?.state).toBe('waiting');
    }
  });

  it('marks a refusal failed with the server’s reason, and lets the next entry go', async () => {
    const refusal = new ApiError(422, 'The photo that arrived does not match its photo hash.', undefined, undefined);
    expect(await settle(entry, () => Promise.reject(refusal))).toBe(true);
    expect(rows.get(1)).toMatchObject({ state: 'failed', error: refusal.message });
  });

  it('holds a result that needs a fresh second factor for the inspector', async () => {
    const stepUp = new ApiError(403, 'Confirm with your second factor.', undefined, { reason: 'step_up_required' });
    expect(
      await settle({ ...entry, kind: 'result', body: { outcome: 'passed', remarks: '' } }, () =>
        Promise.reject(stepUp),
      ),
    ).toBe(false);
    expect(rows.get(1)?.state).toBe('needs_step_up');
  });
});
