import { cleanFormOneData, FORM_ONE_STEP_COUNT, hasAnswer, type FormOneData } from '@hpbc/shared/form-one-fields';
import { FORM_ONE_DRAFT_KEY } from '../../lib/auth/per-user-storage';

/**
 * Form One kept in this browser: a visitor's answers until they sign in (then they move
 * to the account), and a signed-in user's answers while the server cannot be reached
 * (`draftId` says which server draft they belong to, `ownerId` whose they are: nobody
 * else is shown them, and a logout removes them).
 */
export const LOCAL_DRAFT_KEY = FORM_ONE_DRAFT_KEY;

export interface LocalDraft {
  data: FormOneData;
  step: number;
  savedAt: string;
  draftId?: number;
  ownerId?: number;
}

export interface LocalDraftOwner {
  draftId?: number | null;
  ownerId?: number | null;
}

export function readLocalDraft(storage: Storage = localStorage): LocalDraft | null {
  try {
    const raw = storage.getItem(LOCAL_DRAFT_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<LocalDraft> | null;
    if (!parsed || typeof parsed !== 'object' || typeof parsed.data !== 'object' || parsed.data === null) return null;
    const step = Number(parsed.step);
    const draftId = Number(parsed.draftId);
    const ownerId = Number(parsed.ownerId);
    return {
      data: cleanFormOneData(parsed.data as Record<string, unknown>),
      step: Number.isInteger(step) && step >= 1 && step <= FORM_ONE_STEP_COUNT ? step : 1,
      savedAt: typeof parsed.savedAt === 'string' ? parsed.savedAt : '',
      ...(Number.isInteger(draftId) && draftId > 0 ? { draftId } : {}),
      ...(Number.isInteger(ownerId) && ownerId > 0 ? { ownerId } : {}),
    };
  } catch {
    // A damaged entry is no draft; it must never stop the form from opening.
    return null;
  }
}

/**
 * The stored draft this person may see: a visitor's copy (no owner) for anyone — it moves
 * into the account of whoever signs in to send it — and a signed-in user's copy for that
 * user only (`userId` null: a visitor).
 */
export function readLocalDraftFor(userId: number | null, storage: Storage = localStorage): LocalDraft | null {
  const draft = readLocalDraft(storage);
  if (!draft || draft.ownerId === undefined) return draft;
  return draft.ownerId === userId ? draft : null;
}

/** Whether a stored draft holds anything worth keeping. */
export function hasLocalAnswers(draft: LocalDraft | null): draft is LocalDraft {
  return !!draft && Object.values(draft.data).some(hasAnswer);
}

/** False when the browser refuses (private mode, full storage); the caller says so. */
export function writeLocalDraft(
  data: FormOneData,
  step: number,
  { draftId, ownerId }: LocalDraftOwner = {},
  storage: Storage = localStorage,
): boolean {
  try {
    const draft: LocalDraft = {
      data,
      step,
      savedAt: new Date().toISOString(),
      ...(draftId ? { draftId } : {}),
      ...(ownerId ? { ownerId } : {}),
    };
    storage.setItem(LOCAL_DRAFT_KEY, JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function clearLocalDraft(storage: Storage = localStorage): void {
  try {
    storage.removeItem(LOCAL_DRAFT_KEY);
  } catch {
    // Nothing to do: the draft could not be stored either.
  }
}
