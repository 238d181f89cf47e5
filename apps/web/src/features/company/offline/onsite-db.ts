import type { ChecklistItem, CompanyRegistrationSummary, InspectionOutcome, OnsiteRecord } from '@hpbc/shared';
import type { TakenPhoto } from './photo';

/**
 * What an inspector's phone keeps in IndexedDB for a day on site (issue 30; docs/decisions/098):
 * the day's work as it was last loaded, answers being typed, and the outbox of what was
 * recorded and not yet accepted by the server. Every row names the account it belongs to, so
 * a second account on the same phone sees and sends only its own.
 */

/** The day's work as last loaded: inspections, checklists, the approved drawings' list. */
export interface KeptDay {
  owner: number;
  saved_at: string;
  registrations: CompanyRegistrationSummary[];
  checklists: ChecklistItem[];
  /** Per registration: its current drawings (number, title, revision) for reference on site. */
  documents: Record<number, { number: string; title: string; revision: string; discipline: string }[]>;
  /** Per inspection: what the server had recorded when the day was loaded. */
  records: Record<number, OnsiteRecord>;
}

/** Answers being typed on site, kept at every change so a reload or a closed tab loses nothing. */
export interface Draft {
  /** `${owner}:${inspection_id}` */
  id: string;
  owner: number;
  inspection_id: number;
  answers: Record<number, { result: 'passed' | 'failed' | 'not_applicable' | ''; note: string }>;
  outcome: InspectionOutcome | '';
  remarks: string;
}

export type OutboxState = 'waiting' | 'sending' | 'failed' | 'needs_step_up' | 'sent';

interface OutboxBase {
  seq?: number;
  owner: number;
  inspection_id: number;
  /** The Idempotency-Key: made once when recorded, sent with every try. */
  key: string;
  state: OutboxState;
  created_at: string;
  tries: number;
  sent_at?: string;
  /** Why the server refused it (its message, in the language of the screen at the time). */
  error?: string;
}
export type OutboxEntry =
  | (OutboxBase & {
      kind: 'checklist';
      body: { items: { item_id: number; result: 'passed' | 'failed' | 'not_applicable'; note: string | null }[] };
    })
  | (OutboxBase & {
      kind: 'photo';
      photo: TakenPhoto;
    })
  | (OutboxBase & { kind: 'result'; body: { outcome: InspectionOutcome; remarks: string } });

/** An entry as a screen records it; the outbox adds who, when, its key and its state. */
export type NewOutboxEntry = OutboxEntry extends infer E
  ? E extends OutboxEntry
    ? Omit<E, 'owner' | 'state' | 'created_at' | 'tries' | 'key' | 'inspection_id' | 'seq'>
    : never
  : never;

/**
 * The phone's database, with IndexedDB itself (issue 31; docs/decisions/118): Dexie was 30 KiB
 * of the on-site pages' script for the few calls below. The stores and indexes are the ones
 * Dexie made (`hpbc-onsite`, Dexie's version 1 is IndexedDB's 10), so what a phone kept
 * before is read as it was: the database is opened at whatever version it has, and only a
 * phone missing a store moves it one version up to make it.
 */
const DB_NAME = 'hpbc-onsite';
const STORES: Record<string, { keyPath: string; autoIncrement?: boolean; indexes: [string, string | string[]][] }> = {
  days: { keyPath: 'owner', indexes: [] },
  drafts: { keyPath: 'id', indexes: [['owner', 'owner']] },
  outbox: {
    keyPath: 'seq',
    autoIncrement: true,
    indexes: [
      ['owner', 'owner'],
      ['[owner+state]', ['owner', 'state']],
      ['inspection_id', 'inspection_id'],
    ],
  },
};
type StoreName = 'days' | 'drafts' | 'outbox';

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

/** Opens the database at its own version, or at `version` making the stores it lacks. */
function open(version?: number): Promise<IDBDatabase> {
  const request = version === undefined ? indexedDB.open(DB_NAME) : indexedDB.open(DB_NAME, version);
  request.onupgradeneeded = () => {
    // Opened at its own version, a new phone's database is made empty (version 1), then moved up to 10.
    if (version === undefined) return;
    const db = request.result;
    for (const [name, spec] of Object.entries(STORES)) {
      if (db.objectStoreNames.contains(name)) continue;
      const store = db.createObjectStore(name, { keyPath: spec.keyPath, autoIncrement: spec.autoIncrement ?? false });
      for (const [index, keyPath] of spec.indexes) store.createIndex(index, keyPath);
    }
  };
  return done(request);
}

let opened: Promise<IDBDatabase> | null = null;
function database(): Promise<IDBDatabase> {
  opened ??= (async () => {
    let db = await open();
    if (Object.keys(STORES).some((name) => !db.objectStoreNames.contains(name))) {
      // A new phone (an empty version 1) or one missing a store: one version up, and 10 at least, as Dexie made it.
      const next = Math.max(10, db.version + 1);
      db.close();
      db = await open(next);
    }
    // Another tab moving the database up: this one lets go, and opens it again when next asked.
    db.onversionchange = () => {
      db.close();
      opened = null;
    };
    return db;
  })().catch((error: unknown) => {
    opened = null;
    throw error;
  });
  return opened;
}

/** Runs `work` in one transaction on `store`; resolves with its result once the transaction has completed. */
async function inStore<T>(
  store: StoreName,
  mode: IDBTransactionMode,
  work: (s: IDBObjectStore) => Promise<T> | T,
): Promise<T> {
  const tx = (await database()).transaction(store, mode);
  const finished = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new DOMException('The transaction was aborted', 'AbortError'));
  });
  const [result] = await Promise.all([work(tx.objectStore(store)), finished]);
  if (mode === 'readwrite') changed();
  return result;
}

/** Screens watching the database (watchOnsite) in this tab, and in the phone's other tabs through a channel. */
const watchers = new Set<() => void>();
let channel: BroadcastChannel | null = null;
function otherTabs(): BroadcastChannel | null {
  if (!channel && typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(DB_NAME);
    channel.onmessage = () => watchers.forEach((w) => w());
  }
  return channel;
}
function changed() {
  watchers.forEach((w) => w());
  otherTabs()?.postMessage('changed');
}

/**
 * Reads with `read` now and again whenever the database changes, in this tab or another, and
 * passes each answer to `next` (as Dexie's live queries did); returns the way to stop.
 */
export function watchOnsite<T>(read: () => Promise<T>, next: (value: T) => void): () => void {
  let stopped = false;
  let latest = 0;
  const reread = () => {
    const mine = ++latest;
    void read().then(
      (value) => {
        if (!stopped && mine === latest) next(value);
      },
      () => undefined,
    );
  };
  watchers.add(reread);
  otherTabs();
  reread();
  return () => {
    stopped = true;
    watchers.delete(reread);
  };
}

/** The store of one kind of row: read, write, and (the outbox) the rows of an account in order. */
function table<T, K extends IDBValidKey>(store: StoreName) {
  return {
    get: (key: K) => inStore(store, 'readonly', (s) => done(s.get(key)) as Promise<T | undefined>),
    put: (row: T) => inStore(store, 'readwrite', (s) => done(s.put(row)) as Promise<K>),
    add: (row: T) => inStore(store, 'readwrite', (s) => done(s.add(row)) as Promise<K>),
    delete: (key: K) => inStore(store, 'readwrite', (s) => done(s.delete(key)).then(() => undefined)),
    /** Changes some fields of a row (a field given as undefined is removed, as Dexie did); 0 when there is no such row. */
    update: (key: K, changes: Partial<T>) =>
      inStore(store, 'readwrite', async (s) => {
        const row = (await done(s.get(key))) as Record<string, unknown> | undefined;
        if (!row) return 0;
        for (const [field, value] of Object.entries(changes)) {
          if (value === undefined) delete row[field];
          else row[field] = value;
        }
        await done(s.put(row));
        return 1;
      }),
  };
}

export const onsiteDb = {
  days: table<KeptDay, number>('days'),
  drafts: table<Draft, string>('drafts'),
  outbox: {
    ...table<OutboxEntry, number>('outbox'),
    /** An account's entries in the order they were recorded (the index's rows come in key order). */
    ofOwner: (owner: number) =>
      inStore('outbox', 'readonly', (s) => done(s.index('owner').getAll(owner)) as Promise<OutboxEntry[]>),
  },
};

/** The account the kept data belongs to when the profile cannot be loaded (offline after a reload). */
const OWNER_KEY = 'hpbc.onsite.owner';
export function rememberOwner(id: number): void {
  localStorage.setItem(OWNER_KEY, String(id));
}
export function rememberedOwner(): number | null {
  const value = Number(localStorage.getItem(OWNER_KEY));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** A fresh Idempotency-Key for one recorded act. */
export const newKey = (kind: string) => `onsite:${kind}:${crypto.randomUUID()}`;
