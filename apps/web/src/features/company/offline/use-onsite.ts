import { useEffect, useState } from 'react';
import { useAuth } from '../../../lib/auth/auth-store';
import { onsiteDb, rememberedOwner, watchOnsite, type KeptDay, type OutboxEntry } from './onsite-db';
import { sendWaiting } from './sync';

/** Whether the browser thinks it has a connection, kept current. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

/** The signed-in account, or (offline after a reload, when the profile cannot load) the one the kept day is of. */
export function useOwner(): number | null {
  const id = useAuth((s) => s.user?.id ?? null);
  return id ?? rememberedOwner();
}

/**
 * The kept day and the outbox of `owner`, re-read whenever the outbox changes; sends what waits
 * when the page opens, when the connection returns, and every 30 seconds while online.
 */
export function useOnsite(owner: number | null) {
  const online = useOnline();
  const [day, setDay] = useState<KeptDay | null | undefined>(undefined);
  const [outbox, setOutbox] = useState<OutboxEntry[]>([]);

  // Re-read whenever the database changes, in this tab or another.
  useEffect(() => {
    if (owner === null) return;
    const stopDay = watchOnsite(
      () => onsiteDb.days.get(owner),
      (kept) => setDay(kept ?? null),
    );
    const stopOutbox = watchOnsite(() => onsiteDb.outbox.ofOwner(owner), setOutbox);
    return () => {
      stopDay();
      stopOutbox();
    };
  }, [owner]);

  useEffect(() => {
    if (owner === null || !online) return;
    const send = () => void sendWaiting(owner);
    send();
    const timer = setInterval(send, 30_000);
    return () => clearInterval(timer);
  }, [owner, online]);

  return { online, day, outbox };
}
