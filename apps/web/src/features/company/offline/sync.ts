import { ApiError, call } from '../../../lib/api-client';
import { onsiteDb, type OutboxEntry } from './onsite-db';

/**
 * Sends the outbox in the order things were recorded, each with its Idempotency-Key, so a
 * repeat (a reload mid-send, two tabs, a lost answer) changes nothing on the server (decision 092).
 * No answer: the entry waits for the connection. A refusal: it is marked failed with the
 * server's reason, shown on the screen. A result that needs a fresh second factor waits for
 * the inspector to give it (decision 075).
 */

export function sendEntry(entry: OutboxEntry): Promise<unknown> {
  const headers = { 'Idempotency-Key': entry.key };
  const params = { id: entry.inspection_id };
  if (entry.kind === 'checklist') {
    return call('PATCH /api/inspections/:id/checklist', { params, body: entry.body, headers });
  }
  if (entry.kind === 'photo') {
    const p = entry.photo;
    const form = new FormData();
    form.append('sha256', p.sha256);
    form.append('taken_at', p.taken_at);
    if (p.latitude !== null && p.longitude !== null) {
      form.append('latitude', String(p.latitude));
      form.append('longitude', String(p.longitude));
      if (p.accuracy !== null) form.append('accuracy', String(p.accuracy));
    }
    form.append('photo', p.original, p.name);
    form.append('resized', p.resized, `resized-${p.name.replace(/\.\w+$/, '')}.jpg`);
    return call('POST /api/inspections/:id/photos', { params, body: form, headers });
  }
  const form = new FormData();
  form.append('outcome', entry.body.outcome);
  form.append('remarks', entry.body.remarks);
  return call('POST /api/inspections/:id/result', { params, body: form, headers });
}

async function update(seq: number, changes: Partial<OutboxEntry>) {
  await onsiteDb.outbox.update(seq, changes as never);
}

/** Records the outcome of one try of `entry`; true when the queue may go on to the next one. */
export async function settle(entry: OutboxEntry, attempt: () => Promise<unknown>): Promise<boolean> {
  const seq = entry.seq!;
  await update(seq, { state: 'sending', tries: entry.tries + 1 });
  try {
    await attempt();
    await update(seq, { state: 'sent', sent_at: new Date().toISOString(), error: undefined });
    return true;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500 || error.status === 429) {
      await update(seq, { state: 'waiting' }); // no answer, or the server is busy: try again later
      return false;
    }
    if (error.status === 409 && /still being processed/i.test(error.message)) {
      await update(seq, { state: 'waiting' });
      return false;
    }
    if (error.status === 403 && error.body?.reason === 'step_up_required') {
      await update(seq, { state: 'needs_step_up', error: error.message });
      return false;
    }
    await update(seq, { state: 'failed', error: error.message });
    // A refused checklist or photo does not hold back the others; a refused result ends nothing else either.
    return true;
  }
}

let running: Promise<void> | null = null;

/** Sends what waits for `owner`, one at a time; one run at a time in this tab, one across tabs with Web Locks. */
export function sendWaiting(owner: number): Promise<void> {
  if (running) return running;
  const run = async () => {
    const pending = (await onsiteDb.outbox.ofOwner(owner)).filter(
      (e) => e.state === 'waiting' || e.state === 'sending',
    );
    for (const entry of pending) {
      if (!navigator.onLine) return;
      if (!(await settle(entry, () => sendEntry(entry)))) return;
    }
  };
  const locked = () => ('locks' in navigator ? navigator.locks.request('hpbc-onsite-outbox', run) : run());
  running = Promise.resolve(locked()).finally(() => {
    running = null;
  }) as Promise<void>;
  return running;
}
