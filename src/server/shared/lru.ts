/**
 * A small least-recently-used map held in memory: a read or a write makes an entry the newest,
 * and past `capacity` entries the least recently used one goes.
 */
export function createLru<V>(capacity: number) {
  const entries = new Map<string, V>();
  return {
    get(key: string): V | undefined {
      const value = entries.get(key);
      if (value !== undefined) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    set(key: string, value: V) {
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > capacity) entries.delete(entries.keys().next().value!);
    },
    delete(key: string) {
      entries.delete(key);
    },
    clear() {
      entries.clear();
    },
  };
}

export type Lru<V> = ReturnType<typeof createLru<V>>;
