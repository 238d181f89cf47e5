import { useCallback, useEffect, useRef, useState } from 'react';
import {
  isEditableByOwner,
  type FormOneData,
  type FormOneValue,
  type RegistrationRecord,
} from '@hpbc/shared/form-one-fields';
import { ApiError } from '../../../lib/api-client';
import {
  createRegistration,
  fetchRegistration,
  fetchRegistrations,
  saveDraftOnExit,
  saveRegistrationDraft,
  type DraftBody,
} from '../api/registrations';
import { clearLocalDraft, hasLocalAnswers, readLocalDraftFor, writeLocalDraft } from '../local-draft';
import { returnedFor, type ReturnedFor } from '../returned-for';
import { STATUS } from '@hpbc/shared/registration-workflow';

/** How long typing must pause before the draft goes to the server. */
export const AUTOSAVE_DELAY_MS = 1000;

/** Where this person's answers are kept: the browser for visitors, the account once signed in and verified. */
export type DraftStore = 'pending' | 'local' | 'server';

export type SaveStatus =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  | { kind: 'error'; problem: 'offline' | 'session' | 'refused' }
  | { kind: 'local'; at: Date }
  | { kind: 'local-error' };

export type LoadProblem = { kind: 'not-found' } | { kind: 'submitted'; id: number } | { kind: 'failed' };

export interface DraftOptions {
  store: DraftStore;
  /** ?draft=ID: resume this one. */
  draftParam: number | null;
  /** ?new=1: start a blank registration rather than the latest draft. */
  startNew: boolean;
  /** Tells the page the draft now has an id (to put it in the address). */
  onDraftId?: (id: number) => void;
  /** The signed-in user (null for a visitor): copies kept in the browser are theirs only. */
  userId: number | null;
}

interface Loaded {
  values: FormOneData;
  draftId: number | null;
  step: number;
  /** Answers typed before signing in were moved into the account. */
  moved: boolean;
  /** A submitted registration the committee returned for changes, with its last note. */
  returned?: ReturnedFor;
}

async function loadFromServer(opts: DraftOptions): Promise<Loaded | LoadProblem> {
  const local = readLocalDraftFor(opts.userId);
  if (hasLocalAnswers(local)) {
    // Answers from this browser win: they are the newest work (a visitor who just signed in,
    // or a signed-in user whose last saves did not reach the server).
    if (local.draftId) {
      try {
        await saveRegistrationDraft(local.draftId, { data: local.data, current_step: local.step });
        clearLocalDraft();
        return { values: local.data, draftId: local.draftId, step: local.step, moved: false };
      } catch (e) {
        if (!(e instanceof ApiError) || (e.status !== 404 && e.status !== 409)) throw e;
      }
    }
    const created = await createRegistration({ data: local.data, current_step: local.step });
    clearLocalDraft();
    return { values: created.data, draftId: created.id, step: local.step, moved: !local.draftId };
  }

  let record: RegistrationRecord | undefined;
  if (opts.draftParam) {
    try {
      record = await fetchRegistration(opts.draftParam);
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) return { kind: 'not-found' };
      throw e;
    }
    if (!isEditableByOwner(record.status)) return { kind: 'submitted', id: record.id };
  } else if (!opts.startNew) {
    const latest = (await fetchRegistrations())
      .filter((r) => r.status === STATUS.draft)
      .sort((a, b) => b.updated_at.localeCompare(a.updated_at))[0];
    if (latest) record = await fetchRegistration(latest.id);
  }
  if (!record) return { values: {}, draftId: null, step: 1, moved: false };
  return {
    values: record.data,
    draftId: record.id,
    step: record.current_step,
    moved: false,
    returned: returnedFor(record),
  };
}

function problemOf(error: unknown): 'offline' | 'session' | 'refused' {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return 'session';
  if (error instanceof ApiError && error.status !== 0 && error.status < 500 && error.status !== 429) return 'refused';
  return 'offline';
}

/**
 * Form One's answers and where they are kept. Signed-in users' drafts go to the server a
 * second after typing stops and at once on every step change; visitors' drafts stay in
 * this browser. A save that fails keeps everything on screen (and a copy in the browser)
 * and is retried with the next change or by the user.
 */
export function useFormOneDraft(opts: DraftOptions) {
  const { store, draftParam, startNew, userId } = opts;
  const [values, setValues] = useState<FormOneData>({});
  const [attempt, setAttempt] = useState(0);
  const loadKey = `${store}:${attempt}`;
  const [outcome, setOutcome] = useState<{ key: string; loaded?: Loaded; problem?: LoadProblem } | null>(null);
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' });

  const valuesRef = useRef<FormOneData>({});
  const stepRef = useRef(1);
  const draftIdRef = useRef<number | null>(null);
  const dirtyRef = useRef(false);
  const frozenRef = useRef(false);
  const inFlightRef = useRef<Promise<boolean> | null>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const storeRef = useRef<DraftStore>(store);
  const onDraftIdRef = useRef(opts.onDraftId);
  const userIdRef = useRef(userId);
  useEffect(() => {
    onDraftIdRef.current = opts.onDraftId;
    storeRef.current = store;
    userIdRef.current = userId;
  });

  // ---- Loading: once the store is known, and again if it changes (a sign-in mid-form).
  useEffect(() => {
    if (store === 'pending') return;
    let cancelled = false;
    const apply = (result: Loaded | LoadProblem) => {
      if (cancelled) return;
      if ('kind' in result) {
        setOutcome({ key: loadKey, problem: result });
        return;
      }
      valuesRef.current = result.values;
      draftIdRef.current = result.draftId;
      stepRef.current = result.step;
      dirtyRef.current = false;
      setValues(result.values);
      setOutcome({ key: loadKey, loaded: result });
      if (result.draftId) onDraftIdRef.current?.(result.draftId);
      setStatus(result.draftId ? { kind: 'saved', at: new Date() } : { kind: 'idle' });
    };
    const load: Promise<Loaded | LoadProblem> =
      store === 'local'
        ? Promise.resolve().then(() => {
            const local = readLocalDraftFor(null);
            return { values: local?.data ?? {}, draftId: null, step: local?.step ?? 1, moved: false };
          })
        : loadFromServer({ store, draftParam, startNew, userId });
    load.then(apply, () => apply({ kind: 'failed' }));
    return () => {
      cancelled = true;
    };
    // draftParam and startNew are read at load time only: the page puts the new id in the
    // address after the first save, which must not reload the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadKey]);

  // ---- Saving
  const saveNow = useCallback(async (): Promise<boolean> => {
    clearTimeout(timerRef.current);
    for (;;) {
      if (frozenRef.current) return true;
      if (storeRef.current === 'local') {
        const ok = writeLocalDraft(valuesRef.current, stepRef.current);
        dirtyRef.current = false;
        setStatus(ok ? { kind: 'local', at: new Date() } : { kind: 'local-error' });
        return ok;
      }
      if (storeRef.current !== 'server') return false;
      if (inFlightRef.current) {
        // One save at a time; whatever changed meanwhile goes in the next one.
        await inFlightRef.current;
        continue;
      }
      if (!dirtyRef.current) return true;
      dirtyRef.current = false;
      const body: DraftBody = { data: valuesRef.current, current_step: stepRef.current };
      setStatus({ kind: 'saving' });
      const job = (async () => {
        try {
          if (draftIdRef.current === null) {
            const created = await createRegistration(body);
            draftIdRef.current = created.id;
            onDraftIdRef.current?.(created.id);
          } else {
            await saveRegistrationDraft(draftIdRef.current, body);
          }
          clearLocalDraft();
          return true;
        } catch (error) {
          dirtyRef.current = true;
          // Keep a copy in the browser, so even a reload now loses nothing.
          writeLocalDraft(valuesRef.current, stepRef.current, {
            draftId: draftIdRef.current,
            ownerId: userIdRef.current,
          });
          setStatus({ kind: 'error', problem: problemOf(error) });
          return false;
        } finally {
          inFlightRef.current = null;
        }
      })();
      inFlightRef.current = job;
      if (!(await job)) return false;
      if (!dirtyRef.current) {
        setStatus({ kind: 'saved', at: new Date() });
        return true;
      }
    }
  }, []);

  const setValue = useCallback(
    (name: string, value: FormOneValue) => {
      if (frozenRef.current) return;
      valuesRef.current = { ...valuesRef.current, [name]: value };
      dirtyRef.current = true;
      setValues(valuesRef.current);
      if (storeRef.current === 'local') {
        void saveNow();
        return;
      }
      // Shown at once, so "Saved" never stands beside answers that are not saved yet.
      setStatus({ kind: 'saving' });
      clearTimeout(timerRef.current);
      timerRef.current = setTimeout(() => void saveNow(), AUTOSAVE_DELAY_MS);
    },
    [saveNow],
  );

  /** A step change is saved at once, with the step, so the draft resumes where the user was. */
  const setStep = useCallback(
    (step: number) => {
      if (stepRef.current === step && !dirtyRef.current) return;
      stepRef.current = step;
      dirtyRef.current = true;
      void saveNow();
    },
    [saveNow],
  );

  /** After a successful submit: no more saves, and no local copy. */
  const freeze = useCallback(() => {
    frozenRef.current = true;
    clearTimeout(timerRef.current);
    clearLocalDraft();
  }, []);

  // Leaving with unsaved answers asks first (the browser shows its own wording).
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!frozenRef.current && (dirtyRef.current || inFlightRef.current) && storeRef.current === 'server') {
        event.preventDefault();
      }
    };
    // A reload or a closed tab inside the autosave delay still sends the last answers.
    const onHide = () => {
      if (frozenRef.current || !dirtyRef.current) return;
      if (storeRef.current === 'server' && draftIdRef.current !== null) {
        saveDraftOnExit(draftIdRef.current, { data: valuesRef.current, current_step: stepRef.current });
        writeLocalDraft(valuesRef.current, stepRef.current, {
          draftId: draftIdRef.current,
          ownerId: userIdRef.current,
        });
      } else if (storeRef.current === 'local') {
        writeLocalDraft(valuesRef.current, stepRef.current);
      }
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('pagehide', onHide);
      clearTimeout(timerRef.current);
    };
  }, []);

  const current = outcome?.key === loadKey ? outcome : null;
  const draftId = useCallback(() => draftIdRef.current, []);
  const retryLoad = useCallback(() => setAttempt((n) => n + 1), []);
  return {
    ready: !!current?.loaded,
    initialStep: current?.loaded?.step ?? 1,
    moved: current?.loaded?.moved ?? false,
    returned: current?.loaded?.returned ?? null,
    problem: current?.problem ?? null,
    values,
    status,
    draftId,
    setValue,
    setStep,
    saveNow,
    freeze,
    retryLoad,
  };
}
