import { Dexie, type EntityTable } from 'dexie';
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

class OnsiteDb extends Dexie {
  days!: EntityTable<KeptDay, 'owner'>;
  drafts!: EntityTable<Draft, 'id'>;
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  constructor() {
    super('hpbc-onsite');
    this.version(1).stores({
      days: 'owner',
      drafts: 'id, owner',
      outbox: '++seq, owner, [owner+state], inspection_id',
    });
  }
}

export const onsiteDb = new OnsiteDb();

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
