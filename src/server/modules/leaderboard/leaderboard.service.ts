import { LEADERBOARD_TOP } from '../../../lib/limits';
import { messages } from '../../../lib/messages';
import { shownNameFor, type ViewerRelation } from '../../../lib/privacy';
import type {
  LeaderboardEntry,
  LeaderboardResponse,
  LeaderboardScope,
} from '../../../lib/schemas/bingo';
import type { DatabaseHandle } from '../../db/database';
import type { ProfileVisibility } from '../../db/schema';
import {
  AUDIENCE_MAX,
  LIVE_CHANNELS,
  parseAudience,
  type LeaderboardAudience,
} from '../../events/hub';
import { deepFreeze } from '../../http/frozen-answers';
import { SESSIONS_REVOKED_CHANNEL } from '../../http/session-cache';
import type { MessageBus } from '../../shared/bus';
import type { DataChanges } from '../../shared/data-changes';
import { createLru } from '../../shared/lru';
import type { Viewer } from '../../http/viewer';
import { createPrivacyRepository } from '../privacy/privacy.repository';
import { createPrivacyService } from '../privacy/privacy.service';
import {
  createRelationsCache,
  relationFrom,
  type ViewerRelations,
} from '../privacy/relations-cache';
import { createLeaderboardRepository } from './leaderboard.repository';

interface PlayerRow {
  id: string;
  username: string | null;
  displayUsername: string | null;
  name: string;
  points: number | string;
  profileVisibility: ProfileVisibility;
}

const EVERYONE_SEES_ALL = (): ViewerRelation => ({
  isSelf: false,
  isFriend: false,
  isBlocked: false,
});

/**
 * Ranks players already ordered by points: equal points share a rank (1, 1, 3). A player
 * whose profile the viewer may not see is named 'A reader' (issue 12, decision 014); the rank
 * and points stay, as the board's order is everyone's.
 */
export function toLeaderboardEntries(
  rows: readonly PlayerRow[],
  viewerId: string,
  relationOf: (id: string) => ViewerRelation = EVERYONE_SEES_ALL,
): LeaderboardEntry[] {
  let rank = 0;
  let previous: number | null = null;
  return rows.map((row, index) => {
    const points = Number(row.points);
    if (points !== previous) rank = index + 1;
    previous = points;
    return {
      rank,
      userId: row.id,
      // SPEC.md section 2: the username, else the name, else 'User'.
      username: shownNameFor(
        row.displayUsername || row.username || row.name || messages.profile.fallbackName,
        row.profileVisibility,
        { ...relationOf(row.id), isSelf: row.id === viewerId },
      ),
      points,
      isYou: row.id === viewerId,
    };
  });
}

/**
 * How long the Global Top 10 and each viewer's friends board are served from memory at most.
 * Every change of points or of a profile's visibility (the live `leaderboard` message: the top
 * when it may have changed, the friends boards of the readers it names, or everything) and of a
 * name or role (`sessions:revoked`) empties what it touched at once, on every instance that
 * shares the bus; this bounds only changes nobody announced.
 */
export const TOP_PLAYERS_TTL_MS = 5000;

/** Friends boards kept at most (one per viewer), the least recently read first out. */
export const FRIENDS_BOARDS_MAX = 10_000;

export type LeaderboardService = ReturnType<typeof createLeaderboardService>;

/** The Friends and Global Top 10 leaderboards (SPEC.md sections 2 and 9). */
export function createLeaderboardService(
  database: DatabaseHandle,
  bus?: MessageBus,
  now: () => number = Date.now,
  /** Commits other instances tell of (decision 027): each empties what is kept here. */
  changes?: Pick<DataChanges, 'onRemoteChange'>,
) {
  const players = createLeaderboardRepository(database.db);
  // The Global Top 10 is the same rows for every reader: one query, then memory (issue 10).
  let top: { rows: PlayerRow[]; until: number } | undefined;
  // Each viewer's friends board likewise: its rows for the ids it was read with (the viewer and
  // their friends, from the relations cache, so a new or removed friend reads anew).
  const friendsBoards = createLru<{
    friends: ReadonlySet<string>;
    ids: string;
    rows: PlayerRow[];
    until: number;
  }>(FRIENDS_BOARDS_MAX);
  // Each viewer's last answer per scope, frozen, with the rows and relations it was made from:
  // while both are the same objects (kept above and in the relations cache) it is the same
  // answer, and its serialized text is kept with it (http/frozen-answers.ts).
  const answers = createLru<{
    rows: readonly PlayerRow[];
    mine: ViewerRelations;
    answer: LeaderboardResponse;
  }>(FRIENDS_BOARDS_MAX);
  // Reads that started before a forget of what they read do not keep their rows: `generation`
  // moves when everything goes, `topGeneration` when the top goes, and a friends board read in
  // flight is dropped from `boardReads` when its viewer's board goes.
  let generation = 0;
  let topGeneration = 0;
  const boardReads = new Map<string, object>();
  // The Global Top 10 as last read, for `audienceOf` alone. Unlike `top` it outlives
  // TOP_PLAYERS_TTL_MS, other instances' commits (decision 027's remote changes) and the top's
  // own changes: its 10th-place total is a lower bound of today's for as long as nobody's points
  // went down or a reader left the ranking, and each of those is announced as a lowering (a
  // reset) or everyone's change (suspension, erasure, visibility, blocks), which forgets it.
  // Every read of the top renews it; `lastTopTicket` guards those reads.
  let lastTop: PlayerRow[] | undefined;
  let lastTopTicket = 0;
  const forgetServedTop = () => {
    topGeneration += 1;
    top = undefined;
  };
  const forgetLastTop = () => {
    lastTopTicket += 1;
    lastTop = undefined;
  };
  const forgetFriendsBoard = (viewerId: string) => {
    friendsBoards.delete(viewerId);
    answers.delete(`friends ${viewerId}`);
    boardReads.delete(viewerId);
  };
  // Names, roles and other instances' commits: what is served goes, `lastTop` stays.
  const forgetServed = () => {
    generation += 1;
    topGeneration += 1;
    top = undefined;
    friendsBoards.clear();
    answers.clear();
    boardReads.clear();
  };
  const forgetAll = () => {
    forgetServed();
    forgetLastTop();
  };
  bus?.subscribe(LIVE_CHANNELS.leaderboard, (message) => {
    const audience = parseAudience(message);
    if (!audience) return forgetAll();
    // A top-10 reader scoring leaves `lastTop` a lower bound: the next placement decides
    // without reading the top again.
    if (audience.global) forgetServedTop();
    if (audience.lowered) forgetLastTop();
    // A club's board is not kept; its members' friends boards did not change (decision 016).
    if (!audience.club) for (const id of audience.readers) forgetFriendsBoard(id);
  });
  bus?.subscribe(SESSIONS_REVOKED_CHANNEL, forgetServed);
  bus?.onInterrupted(forgetAll);
  changes?.onRemoteChange(forgetServed);
  const keptTop = () => (top && top.until > now() ? top.rows : undefined);
  async function topPlayers(): Promise<PlayerRow[]> {
    const kept = keptTop();
    if (kept) return kept;
    const started = topGeneration;
    const ticket = lastTopTicket;
    const rows = await players.topPlayers(LEADERBOARD_TOP);
    if (started === topGeneration) top = { rows, until: now() + TOP_PLAYERS_TTL_MS };
    if (ticket === lastTopTicket) lastTop = rows;
    return rows;
  }
  // The relations cache hands out the same set while the friends are the same: then the ids
  // need no joining (that join was a few per cent of a kept board's CPU).
  const keptFriendsBoard = (viewerId: string, friends: ReadonlySet<string>) => {
    const kept = friendsBoards.get(viewerId);
    return kept && kept.friends === friends && kept.until > now() ? kept.rows : undefined;
  };
  // Past keptFriendsBoard: the friends set may be a new one with the same ids (read again).
  async function friendsBoard(viewerId: string, friends: ReadonlySet<string>) {
    const kept = friendsBoards.get(viewerId);
    const ids = [viewerId, ...friends];
    const key = ids.join(' ');
    if (kept && kept.ids === key && kept.until > now()) return kept.rows;
    const started = generation;
    const read = {};
    boardReads.set(viewerId, read);
    const rows = await players.playersByIds(ids);
    if (boardReads.get(viewerId) === read) {
      boardReads.delete(viewerId);
      if (started === generation) {
        friendsBoards.set(viewerId, { friends, ids: key, rows, until: now() + TOP_PLAYERS_TTL_MS });
      }
    }
    return rows;
  }
  // The cached rows are everyone's; who may see whose name is the viewer's own: their blocks
  // and friends, kept per viewer and forgotten on every block or friendship change
  // (decision 017), so a read asks the database nothing about them.
  const privacy = createPrivacyService(database);
  const blocksAndFriends = createPrivacyRepository(database.db);
  const relations = bus
    ? createRelationsCache({ bus, load: (id) => blocksAndFriends.relationsOf(id), now })
    : undefined;
  const entriesFor = async (rows: readonly PlayerRow[], viewerId: string) =>
    toLeaderboardEntries(
      rows,
      viewerId,
      await privacy.relationsTo(
        viewerId,
        rows.map((row) => ({ id: row.id, visibility: row.profileVisibility })),
      ),
    );
  /**
   * Whether the Global Top 10 can have changed when one reader's total went from `before` to
   * `after`. Totals only go up between two forgets of `lastTop` (see there), so its 10th-place
   * total is at most today's: a reader below it before and after is not in today's top and was
   * not in it, and nobody else moved. Ties are ordered by id (leaderboard.repository.ts), so a
   * total equal to the 10th may enter: `>=`. With no top known it is read (one indexed query,
   * after this placement's commit, so it counts it). A total going down (a reset) always may.
   * Across instances a small window is left: a placement decided on another instance before a
   * reset's message arrived there compares with the 10th total before the reset, which may be
   * higher than today's; the reset's own update reaches every stream, but one that refetched
   * before that placement committed misses it until the next global change.
   */
  async function topMayChange(userId: string, before: number, after: number) {
    if (after < before) return true;
    let rows = lastTop;
    if (!rows) {
      const ticket = lastTopTicket;
      rows = await topPlayers();
      // A change that may have lowered someone came meanwhile: the rows may be above today's.
      if (ticket !== lastTopTicket) return true;
    }
    const tenth = rows[LEADERBOARD_TOP - 1];
    if (!tenth || rows.some((row) => row.id === userId)) return true;
    return Math.max(before, after) >= Number(tenth.points);
  }
  return {
    /**
     * Who must hear that the reader's total (the shared card's) went from `before` to `after`
     * (decision 028): their own and their accepted friends' streams (each of their friends
     * boards shows them), and every stream when the Global Top 10 may have changed. Undefined
     * means everyone: no relations cache to ask, more friends than AUDIENCE_MAX, or an error
     * (the placement is written; its announcement must not fail it).
     */
    async audienceOf(
      userId: string,
      before: number,
      after: number,
    ): Promise<LeaderboardAudience | undefined> {
      if (!relations) return undefined;
      try {
        const mine = relations.kept(userId) ?? (await relations.get(userId));
        if (mine.friends.size >= AUDIENCE_MAX) return undefined;
        return {
          global: await topMayChange(userId, before, after),
          readers: [userId, ...mine.friends],
          ...(after < before && { lowered: true }),
        };
      } catch {
        return undefined;
      }
    },

    /** The board the viewer asked for: the Global Top 10, or their friends and themselves. */
    async getLeaderboard(viewer: Viewer, scope: LeaderboardScope): Promise<LeaderboardResponse> {
      if (!relations) {
        const rows =
          scope === 'global'
            ? await players.topPlayers(LEADERBOARD_TOP)
            : await players.playersByIds([
                viewer.id,
                ...(await players.acceptedFriendIds(viewer.id)),
              ]);
        return { entries: await entriesFor(rows, viewer.id) };
      }
      // What is kept is taken without awaiting: each await of a kept board was one promise
      // more, and with better-auth's AsyncLocalStorage on, every promise runs its hook.
      const mine = relations.kept(viewer.id) ?? (await relations.get(viewer.id));
      const rows =
        scope === 'global'
          ? (keptTop() ?? (await topPlayers()))
          : (keptFriendsBoard(viewer.id, mine.friends) ??
            (await friendsBoard(viewer.id, mine.friends)));
      const key = `${scope} ${viewer.id}`;
      const kept = answers.get(key);
      if (kept && kept.rows === rows && kept.mine === mine) return kept.answer;
      const answer = deepFreeze({
        entries: toLeaderboardEntries(rows, viewer.id, relationFrom(viewer.id, mine)),
      });
      answers.set(key, { rows, mine, answer });
      return answer;
    },
    close() {
      relations?.close();
    },
  };
}
