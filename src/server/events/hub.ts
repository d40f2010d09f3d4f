import { LIVE_BOARDS, type LiveBoard } from '../../lib/live-events';
import { SESSIONS_REVOKED_CHANNEL } from '../http/session-cache';
import { createLocalBus, type MessageBus } from '../shared/bus';

/** What a live connection is told (SPEC.md section 2: points counter and leaderboards). */
export type LiveEvent = { type: 'points'; totalPoints: number } | { type: 'leaderboard' };

export interface EventHub {
  /** The user's own connections learn their new total. */
  publishPoints(userId: string, totalPoints: number): void;
  /**
   * The connections whose boards changed learn it, so their open leaderboards refetch: those of
   * `audience`, or every connection when it is left out (decision 028).
   */
  publishLeaderboardChanged(audience?: LeaderboardAudience): void;
  /**
   * Listens for one user's events; returns the unsubscribe function. `boards` are those its
   * page shows: it hears `leaderboard` only when one of them changed (all of them when left
   * out). `onClose` ends the connection when the app closes. `onSessionsChanged` runs when the
   * user's sessions change on any instance (sign-out, password reset, role or profile change):
   * the connection checks that its own session still holds, so a stolen session's stream hears
   * no more.
   */
  subscribe(
    who: { userId: string; address: string; boards?: readonly LiveBoard[] },
    listener: (event: LiveEvent) => void,
    onClose: () => void,
    onSessionsChanged: () => void,
  ): () => void;
  /** How many connections a user holds open. */
  connectionsOf(userId: string): number;
  /** How many connections one address holds open on this instance, whoever signed in. */
  connectionsFrom(address: string): number;
  /** How many connections this instance holds open, for everyone. */
  connectionCount(): number;
  /** Ends every connection (the app is closing). */
  closeAll(): void;
}

/** Bus channels of live updates (decision 012): every instance hears every placement. */
export const LIVE_CHANNELS = { points: 'live:points', leaderboard: 'live:leaderboard' } as const;

/**
 * Whom a change of points concerns, as the live `leaderboard` message carries it (decision 028).
 * No audience (an empty message) means everyone: every stream hears, every kept board goes.
 */
export interface LeaderboardAudience {
  /**
   * The Global Top 10 may have changed: every stream showing it hears, and every instance
   * forgets its kept top.
   */
  global: boolean;
  /**
   * Readers whose boards changed: their streams showing the Friends board hear, and their kept
   * friends boards go (the placer and their accepted friends); with `club`, their streams
   * showing a club's board hear.
   */
  readers: readonly string[];
  /** The readers are a club's members and only the club's board changed (decision 016). */
  club?: boolean;
  /**
   * A total went down (a reset of the grid): the Global Top 10 each instance decides with
   * (leaderboard.service.ts, `audienceOf`) may now be above today's, and is forgotten.
   */
  lowered?: boolean;
}

/** Readers one message names at most; past it, the message goes to everyone instead. */
export const AUDIENCE_MAX = 1000;

/** The bus message of an audience: empty (everyone) when there is none or it is too large. */
export function audienceMessage(audience: LeaderboardAudience | undefined): string {
  if (!audience || audience.readers.length > AUDIENCE_MAX) return '';
  return JSON.stringify(audience);
}

/** The audience a message names; undefined for everyone (an empty or unreadable message). */
export function parseAudience(message: string): LeaderboardAudience | undefined {
  if (!message) return undefined;
  try {
    const parsed = JSON.parse(message) as Partial<Record<keyof LeaderboardAudience, unknown>>;
    const { global, readers, club, lowered } = parsed;
    if (typeof global !== 'boolean' || !Array.isArray(readers)) return undefined;
    if (!readers.every((id): id is string => typeof id === 'string')) return undefined;
    return { global, readers, club: club === true, lowered: lowered === true };
  } catch {
    return undefined;
  }
}

function parsePoints(message: string): { userId: string; totalPoints: number } | null {
  try {
    const parsed = JSON.parse(message) as { userId?: unknown; totalPoints?: unknown };
    return typeof parsed.userId === 'string' && typeof parsed.totalPoints === 'number'
      ? { userId: parsed.userId, totalPoints: parsed.totalPoints }
      : null;
  } catch {
    return null;
  }
}

/** A leaderboard update reaches each stream at most once in this window (decision 028). */
export const LEADERBOARD_WINDOW_MS = 1000;
/** Streams written in one turn of the event loop at most; requests run between batches. */
export const FAN_OUT_BATCH = 500;
/**
 * A turn of writing ends after this long even before its FAN_OUT_BATCH streams (a busy machine
 * makes each write slower), so a request waits for one short turn at most (decision 028).
 */
export const FAN_OUT_TURN_MS = 4;

export interface EventHubOptions {
  /** Replaces LEADERBOARD_WINDOW_MS (tests). */
  leaderboardWindowMs?: number;
  /** Replaces FAN_OUT_BATCH (tests). */
  fanOutBatch?: number;
  /** Replaces FAN_OUT_TURN_MS (tests). */
  fanOutTurnMs?: number;
}

interface Connection {
  userId: string;
  address: string;
  /** The boards its page shows. */
  boards: ReadonlySet<LiveBoard>;
  listener: (event: LiveEvent) => void;
  onClose: () => void;
  onSessionsChanged: () => void;
  open: boolean;
  /**
   * When its last `leaderboard` event was written (Date.now()), its window running from there;
   * WRITE_TAKEN while a fan-out holds it, not written yet.
   */
  boardWrittenAt: number;
  /** A change is noted for it and not yet taken for writing. */
  boardPending: boolean;
}

const LEADERBOARD_EVENT: LiveEvent = Object.freeze({ type: 'leaderboard' });
/** A connection's `boardWrittenAt` while a fan-out holds it: its window starts when written. */
const WRITE_TAKEN = Number.POSITIVE_INFINITY;

/**
 * Runs `task` after the answers of this turn have left: they are written in a setImmediate of
 * their own (decision 021), queued after a publish made while working the answer out, so the
 * first write to a stream waits one turn more and a placement's answer goes first.
 */
function afterThisTurnsAnswers(task: () => void) {
  setImmediate(() => setImmediate(task));
}

/**
 * The live-update hub of one instance. Publishing goes through the message bus, so with
 * REDIS_URL set a placement on any instance reaches the connections of every instance; each
 * hub delivers what the bus brings to the connections open on its own instance.
 *
 * Delivery never runs inside the publisher's call (a placement's request): what the bus brings
 * is noted and written later, off the request path (decision 028).
 * - `points`: per reader, the latest total wins; written to that reader's connections once the
 *   turn's answers have left (two setImmediates), so a reader sees their own points at once.
 * - `leaderboard`: to the connections showing a board that changed (the Global Top 10 when it
 *   was global, the Friends or club board of the readers named, every board when it was
 *   everyone's), coalesced per connection. A connection with no update in the last
 *   LEADERBOARD_WINDOW_MS is written at once; one written within it is written once at its
 *   window's end, however many changes came: each connection hears at most one a window,
 *   always after the last change, and one reader's update never waits for another's window.
 *   Writing goes FAN_OUT_BATCH connections a turn, or FAN_OUT_TURN_MS of writing (setImmediate
 *   between turns), so requests keep being answered while 10,000 streams are written.
 */
export function createEventHub(
  bus: MessageBus = createLocalBus(),
  options: EventHubOptions = {},
): EventHub {
  const windowMs = options.leaderboardWindowMs ?? LEADERBOARD_WINDOW_MS;
  const batch = Math.max(1, options.fanOutBatch ?? FAN_OUT_BATCH);
  const turnMs = options.fanOutTurnMs ?? FAN_OUT_TURN_MS;
  const connections = new Set<Connection>();
  // The connections showing each board, and those showing any (a change for everyone).
  const byBoard = new Map<LiveBoard, Set<Connection>>(LIVE_BOARDS.map((b) => [b, new Set()]));
  const showingAny = new Set<Connection>();
  const byUser = new Map<string, Set<Connection>>();
  const perAddress = new Map<string, number>();
  const count = (counts: Map<string, number>, key: string, by: 1 | -1) => {
    const next = (counts.get(key) ?? 0) + by;
    if (next > 0) counts.set(key, next);
    else counts.delete(key);
  };
  const deliver = (connection: Connection, event: LiveEvent) => {
    if (!connection.open) return;
    try {
      connection.listener(event);
    } catch {
      // One broken stream must not keep the others from hearing.
    }
  };

  // Points: the latest total of each reader with a connection here, written next turn.
  const pendingPoints = new Map<string, number>();
  let pointsScheduled = false;
  const flushPoints = () => {
    pointsScheduled = false;
    for (const [userId, totalPoints] of pendingPoints) {
      const own = byUser.get(userId);
      if (!own) continue;
      const event: LiveEvent = { type: 'points', totalPoints };
      for (const connection of own) deliver(connection, event);
    }
    pendingPoints.clear();
  };
  const notePoints = (userId: string, totalPoints: number) => {
    // Readers with no stream on this instance cost a Map lookup.
    if (!byUser.has(userId)) return;
    pendingPoints.set(userId, totalPoints);
    if (pointsScheduled) return;
    pointsScheduled = true;
    afterThisTurnsAnswers(flushPoints);
  };

  // Leaderboard: each connection's own window. A change for a connection written within its
  // window, or held by a fan-out not done yet, waits for the window's end (`waiting`, one timer
  // for the earliest); otherwise it is written in the next fan-out (`due`).
  let closed = false;
  const due = new Set<Connection>();
  const waiting = new Set<Connection>();
  let fanOutQueued = false;
  let waitTimer: NodeJS.Timeout | null = null;
  let waitTimerAt = Infinity;
  // Every connection showing a board (the Global Top 10) is pending since the last fan-out
  // took its targets: another such change adds nothing (each will be written after it).
  let everyonePending = false;
  let globalPending = false;

  const fanOut = () => {
    const targets = Array.from(due);
    due.clear();
    everyonePending = false;
    globalPending = false;
    for (const connection of targets) {
      connection.boardPending = false;
      connection.boardWrittenAt = WRITE_TAKEN;
    }
    let next = 0;
    const writeBatch = () => {
      if (closed) return;
      const end = Math.min(next + batch, targets.length);
      const until = performance.now() + turnMs;
      while (next < end) {
        const target = targets[next]!;
        deliver(target, LEADERBOARD_EVENT);
        target.boardWrittenAt = Date.now();
        next += 1;
        if (performance.now() > until) break;
      }
      if (next < targets.length) {
        setImmediate(writeBatch);
        return;
      }
      fanOutQueued = false;
      if (due.size > 0) queueFanOut();
    };
    afterThisTurnsAnswers(writeBatch);
  };
  function queueFanOut() {
    if (fanOutQueued || closed) return;
    fanOutQueued = true;
    fanOut();
  }
  /** When a connection's window ends: a window at least from now while a fan-out holds it. */
  const windowEnd = (connection: Connection, now: number) =>
    connection.boardWrittenAt === WRITE_TAKEN
      ? now + windowMs
      : connection.boardWrittenAt + windowMs;
  const armWaitTimer = (at: number) => {
    if (waitTimer && waitTimerAt <= at) return;
    if (waitTimer) clearTimeout(waitTimer);
    waitTimerAt = at;
    waitTimer = setTimeout(releaseWaiting, Math.max(0, at - Date.now()));
    waitTimer.unref();
  };
  function releaseWaiting() {
    waitTimer = null;
    waitTimerAt = Infinity;
    if (closed) return;
    const now = Date.now();
    let nextAt = Infinity;
    for (const connection of waiting) {
      const endsAt = windowEnd(connection, now);
      if (!connection.open) waiting.delete(connection);
      else if (endsAt <= now) {
        waiting.delete(connection);
        due.add(connection);
      } else nextAt = Math.min(nextAt, endsAt);
    }
    if (nextAt !== Infinity) armWaitTimer(nextAt);
    if (due.size > 0) queueFanOut();
  }
  const note = (connection: Connection, now: number) => {
    if (connection.boardPending) return;
    connection.boardPending = true;
    const endsAt = windowEnd(connection, now);
    if (endsAt <= now) due.add(connection);
    else {
      waiting.add(connection);
      armWaitTimer(endsAt);
    }
  };
  const noteLeaderboard = (message: string) => {
    if (closed || connections.size === 0) return;
    const audience = parseAudience(message);
    const now = Date.now();
    if (!audience) {
      if (everyonePending) return;
      for (const connection of showingAny) note(connection, now);
      everyonePending = true;
      globalPending = true;
    } else {
      if (audience.global && !globalPending) {
        for (const connection of byBoard.get('global')!) note(connection, now);
        globalPending = true;
      }
      // Readers with no stream on this instance cost a Map lookup and no write.
      const board: LiveBoard = audience.club ? 'club' : 'friends';
      for (const userId of audience.readers) {
        for (const connection of byUser.get(userId) ?? []) {
          if (connection.boards.has(board)) note(connection, now);
        }
      }
    }
    if (due.size > 0) queueFanOut();
  };

  const fromBus = [
    bus.subscribe(LIVE_CHANNELS.points, (message) => {
      const points = parsePoints(message);
      if (points) notePoints(points.userId, points.totalPoints);
    }),
    bus.subscribe(LIVE_CHANNELS.leaderboard, noteLeaderboard),
    bus.subscribe(SESSIONS_REVOKED_CHANNEL, (userId) => {
      const own = byUser.get(userId);
      if (!own) return;
      for (const connection of Array.from(own)) {
        if (connection.open) connection.onSessionsChanged();
      }
    }),
  ];

  return {
    publishPoints(userId, totalPoints) {
      bus.publish(LIVE_CHANNELS.points, JSON.stringify({ userId, totalPoints }));
    },
    publishLeaderboardChanged(audience) {
      bus.publish(LIVE_CHANNELS.leaderboard, audienceMessage(audience));
    },
    subscribe({ userId, address, boards = LIVE_BOARDS }, listener, onClose, onSessionsChanged) {
      const connection: Connection = {
        userId,
        address,
        boards: new Set(boards),
        listener,
        onClose,
        onSessionsChanged,
        open: true,
        boardWrittenAt: -Infinity,
        boardPending: false,
      };
      connections.add(connection);
      for (const board of connection.boards) byBoard.get(board)!.add(connection);
      if (connection.boards.size > 0) showingAny.add(connection);
      // Not pending yet: the next change for everyone must note it too.
      everyonePending = false;
      globalPending = false;
      let own = byUser.get(userId);
      if (!own) {
        own = new Set();
        byUser.set(userId, own);
      }
      own.add(connection);
      count(perAddress, address, 1);
      return () => {
        if (!connection.open) return;
        connection.open = false;
        connections.delete(connection);
        for (const board of connection.boards) byBoard.get(board)!.delete(connection);
        showingAny.delete(connection);
        due.delete(connection);
        waiting.delete(connection);
        own.delete(connection);
        if (own.size === 0 && byUser.get(userId) === own) byUser.delete(userId);
        count(perAddress, address, -1);
      };
    },
    connectionsOf(userId) {
      return byUser.get(userId)?.size ?? 0;
    },
    connectionsFrom(address) {
      return perAddress.get(address) ?? 0;
    },
    connectionCount() {
      return connections.size;
    },
    closeAll() {
      closed = true;
      if (waitTimer) clearTimeout(waitTimer);
      waitTimer = null;
      for (const unsubscribe of fromBus) unsubscribe();
      for (const connection of Array.from(connections)) {
        if (connection.open) connection.onClose();
      }
    },
  };
}
