import { profileNameOf } from '../../../lib/display-name';
import { canSeeProfile, shownNameFor, type ViewerRelation } from '../../../lib/privacy';
import type {
  ClubInvite,
  ClubLeaderboardResponse,
  ClubMember,
  ClubRole,
  ClubSummary,
} from '../../../lib/schemas/clubs';
import type { GridSummary } from '../../../lib/schemas/admin';
import { toIso, toIsoOrNull, type ProfileVisibility } from '../../db/schema';
import { isCurrentCard } from './club-cards';

const ROLE_ORDER: Record<ClubRole, number> = { owner: 0, co_owner: 1, member: 2 };

/** Names compare the same on both databases: here, not by a collation. */
const byName = (a: string, b: string) => {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
};

export function toClubSummary(row: {
  id: string;
  name: string;
  description: string;
  createdAt: Date | string;
  memberCount: number | string | null;
  role: ClubRole | null;
  requestedAt: Date | string | null;
}): ClubSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    memberCount: Number(row.memberCount ?? 0),
    createdAt: toIso(row.createdAt),
    role: row.role,
    requestPending: row.role === null && row.requestedAt !== null,
  };
}

export function sortSummaries(clubs: ClubSummary[]): ClubSummary[] {
  return clubs.sort((a, b) => byName(a.name, b.name) || (a.id < b.id ? -1 : 1));
}

interface PersonRow {
  userId: string;
  name: string;
  displayUsername: string | null;
  profileVisibility: ProfileVisibility;
}

/** The name the viewer sees: the reader's, or 'A reader' when their profile is hidden. */
export function shownName(row: PersonRow, relationOf: (id: string) => ViewerRelation): string {
  return shownNameFor(profileNameOf(row), row.profileVisibility, relationOf(row.userId));
}

/**
 * Owner first, then co-owners, then by the name the viewer is shown: a hidden member sorts as
 * 'A reader', so their place says nothing of their own name.
 */
export function toClubMembers(
  rows: readonly (PersonRow & { role: ClubRole; joinedAt: Date | string; avatar: string | null })[],
  relationOf: (id: string) => ViewerRelation,
): ClubMember[] {
  return rows
    .map((row) => {
      const visible = canSeeProfile(row.profileVisibility, relationOf(row.userId));
      return {
        userId: row.userId,
        username: visible ? profileNameOf(row) : shownName(row, relationOf),
        avatar: visible ? row.avatar : null,
        role: row.role,
        joinedAt: toIso(row.joinedAt),
        profileVisible: visible,
      };
    })
    .sort(
      (a, b) =>
        ROLE_ORDER[a.role] - ROLE_ORDER[b.role] ||
        byName(a.username, b.username) ||
        (a.userId < b.userId ? -1 : 1),
    );
}

export function toClubInvite(row: {
  id: string;
  createdAt: Date | string;
  expiresAt: Date | string | null;
  createdBy: string | null;
}): ClubInvite {
  return {
    id: row.id,
    createdAt: toIso(row.createdAt),
    expiresAt: toIsoOrNull(row.expiresAt),
    createdBy: row.createdBy ?? '',
  };
}

/** A club card as the grid selector lists it. */
export function toClubCard(
  row: { id: string; title: string; createdAt: Date | string; resetDate: string | null },
  club: { id: string; name: string },
  isNewest: boolean,
): GridSummary {
  return {
    id: row.id,
    title: row.title,
    createdAt: toIso(row.createdAt),
    isCurrent: isCurrentCard({ isNewest, clubId: club.id, resetDate: row.resetDate }),
    club: { id: club.id, name: club.name },
    resetDate: row.resetDate,
  };
}

/**
 * Members by the points the club's cards earned them; equal points share a rank (1, 1, 3), as
 * on the global leaderboard. Every member is listed, 0 points too. Ties are ordered by id, as
 * the Global Top 10 orders them, never by name: a hidden member's row sits where their real
 * name would sort, and a co-member renaming themselves would read it (issue 22).
 */
export function toClubLeaderboard(
  rows: readonly (PersonRow & { points: number | string | null })[],
  viewerId: string,
  relationOf: (id: string) => ViewerRelation,
): ClubLeaderboardResponse {
  const scored = rows
    .map((row) => ({ row, points: Number(row.points ?? 0) }))
    .sort((a, b) => b.points - a.points || (a.row.userId < b.row.userId ? -1 : 1));
  let rank = 0;
  let previous: number | null = null;
  return {
    entries: scored.map(({ row, points }, index) => {
      if (points !== previous) rank = index + 1;
      previous = points;
      return {
        rank,
        userId: row.userId,
        username: shownName(row, (id) => ({ ...relationOf(id), isSelf: id === viewerId })),
        points,
        isViewer: row.userId === viewerId,
      };
    }),
  };
}
