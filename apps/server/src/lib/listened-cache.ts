/**
 * Answers kept in this instance while it hears of every change to what they were read from (a notification channel
 * of the database, `Database.listen`). The listener says when it starts or stops listening (`live`) and forwards
 * each change (`forget`); while it is not listening (starting, connection lost) nothing is kept and every `get`
 * loads. A load under way when a change is heard is not kept, as it may predate the change, and a later `get` does
 * not share it. Loads of one key under way at once are shared. A failed load is never kept.
 *
 * Used for the callers of signed-in requests (plugins/principal-cache.ts, decision 0014) and for the posts area's
 * admin grid and dashboard (decision 0051).
 */
export type ListenedCacheOptions = {
  /** The most answers kept; the oldest kept goes first. */
  maxEntries: number;
  /** How long an answer is kept at most, for answers that also change with time (an event ending). */
  maxAgeMs?: number;
  now?: () => number;
};

export function listenedCache<V>({
  maxEntries,
  maxAgeMs = Number.POSITIVE_INFINITY,
  now = Date.now,
}: ListenedCacheOptions) {
  const entries = new Map<string, { value: V; at: number }>();
  const pending = new Map<string, Promise<V>>();
  let listening = false;
  let generation = 0;

  function forget(match?: (key: string, value: V) => boolean) {
    generation++;
    pending.clear();
    if (!match) entries.clear();
    else for (const [key, entry] of entries) if (match(key, entry.value)) entries.delete(key);
  }

  return {
    /** The kept answer of `key`, else `load()`'s, kept when `keep` says so (by default always). */
    get(key: string, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
      if (!listening) return load();
      const kept = entries.get(key);
      if (kept && now() - kept.at < maxAgeMs) return Promise.resolve(kept.value);
      const shared = pending.get(key);
      if (shared) return shared;
      const seen = generation;
      const loading = load().then(
        (value) => {
          if (pending.get(key) === loading) pending.delete(key);
          if (listening && seen === generation && keep(value)) {
            entries.delete(key);
            if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
            entries.set(key, { value, at: now() });
          }
          return value;
        },
        (error: unknown) => {
          if (pending.get(key) === loading) pending.delete(key);
          throw error;
        },
      );
      pending.set(key, loading);
      return loading;
    },

    /** A change was heard: forget what `match` picks, or everything. */
    forget,

    /** Listening started, or stopped: what was missed meanwhile is unknown, so start empty either way. */
    live(value: boolean) {
      forget();
      listening = value;
    },

    get size() {
      return entries.size;
    },
  };
}
export type ListenedCache<V> = ReturnType<typeof listenedCache<V>>;
