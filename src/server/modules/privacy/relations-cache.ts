import type { ViewerRelation } from '../../../lib/privacy';
import type { MessageBus } from '../../shared/bus';

/**
 * The bus channel of changed relations (decision 017): the message is the user ids whose
 * blocks or accepted friendships changed, separated by spaces, and every instance's relations
 * cache forgets those readers at once. Block, unblock, accepting a friend request and removing
 * a friend publish here; a block also ends the friendship, so one message covers both.
 */
export const RELATIONS_CHANGED_CHANNEL = 'privacy:relations';

/** Tells every instance that the blocks or friendships of these readers changed. */
export function publishRelationsChanged(bus: MessageBus, ...userIds: string[]): void {
  bus.publish(RELATIONS_CHANGED_CHANNEL, userIds.join(' '));
}

/** Whom a viewer stands in a block with (either side) and whom they are accepted friends with. */
export interface ViewerRelations {
  blocked: ReadonlySet<string>;
  friends: ReadonlySet<string>;
}

/** The relation of the viewer to one reader, from their cached relations. */
export function relationFrom(
  viewerId: string,
  relations: ViewerRelations,
): (id: string) => ViewerRelation {
  return (id) => ({
    isSelf: id === viewerId,
    isFriend: relations.friends.has(id),
    isBlocked: relations.blocked.has(id),
  });
}

/**
 * How long a viewer's relations are trusted without reading them again. Every change made
 * through the app is announced on RELATIONS_CHANGED_CHANNEL and seen at once; this bounds only
 * changes nobody announced (a row written by another process).
 */
export const RELATIONS_CACHE_TTL_MS = 30_000;
/** Viewers kept at most; the oldest go first. A few hundred bytes each for most readers. */
export const RELATIONS_CACHE_MAX_ENTRIES = 50_000;

export interface RelationsCacheOptions {
  bus: MessageBus;
  /** Reads a viewer's relations from the database. */
  load: (viewerId: string) => Promise<ViewerRelations>;
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

export interface RelationsCache {
  get(viewerId: string): Promise<ViewerRelations>;
  /** The viewer's relations when in memory and still trusted, without a promise; else undefined. */
  kept(viewerId: string): ViewerRelations | undefined;
  size(): number;
  close(): void;
}

/**
 * Each viewer's blocks and friends, in memory (issue 10): the leaderboards ask, on every read,
 * whom of the readers shown the viewer may see by name (decision 014), and the answer changes
 * only when a block or a friendship does. Kept true by the bus like the session cache: a
 * change forgets both readers on every instance, a lookup that started before a change is not
 * kept after it (a generation ticket), and the cache empties itself when the shared bus may
 * have missed messages (Redis lost or back).
 */
export function createRelationsCache(options: RelationsCacheOptions): RelationsCache {
  const ttlMs = options.ttlMs ?? RELATIONS_CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? RELATIONS_CACHE_MAX_ENTRIES;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { relations: ViewerRelations; until: number }>();
  let generation = 0;

  const forget = (message: string) => {
    generation += 1;
    for (const id of message.split(' ')) entries.delete(id);
  };
  const clear = () => {
    generation += 1;
    entries.clear();
  };
  const unsubscribe = options.bus.subscribe(RELATIONS_CHANGED_CHANNEL, forget);
  const unInterrupted = options.bus.onInterrupted(clear);

  const kept = (viewerId: string) => {
    const entry = entries.get(viewerId);
    return entry && entry.until > now() ? entry.relations : undefined;
  };

  return {
    kept,
    async get(viewerId) {
      const inMemory = kept(viewerId);
      if (inMemory) return inMemory;
      const ticket = generation;
      const relations = await options.load(viewerId);
      if (ticket === generation) {
        entries.delete(viewerId);
        if (entries.size >= maxEntries) {
          const oldest = entries.keys().next();
          if (!oldest.done) entries.delete(oldest.value);
        }
        entries.set(viewerId, { relations, until: now() + ttlMs });
      }
      return relations;
    },
    size: () => entries.size,
    close() {
      unsubscribe();
      unInterrupted();
      clear();
    },
  };
}
