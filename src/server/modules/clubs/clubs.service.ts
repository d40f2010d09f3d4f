import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { CLUB_LIVE_CARDS_MAX, CLUB_MEMBERS_MAX } from '../../../lib/limits';
import { messages } from '../../../lib/messages';
import type { GridSummary } from '../../../lib/schemas/admin';
import type {
  ClubBody,
  ClubCardsResponse,
  ClubInviteListResponse,
  ClubLeaderboardResponse,
  ClubListResponse,
  ClubMembersResponse,
  ClubResponse,
  ClubRole,
  CreateInviteBody,
  CreateInviteResponse,
  InvitePreviewResponse,
  JoinRequestListResponse,
  ParsedClubCardBody,
} from '../../../lib/schemas/clubs';
import type { DatabaseHandle } from '../../db/database';
import { toIso } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { Viewer } from '../../http/viewer';
import { createGridsRepository } from '../grids/grids.repository';
import { createPrivacyService } from '../privacy/privacy.service';
import { isRealDate, todayUtc } from './club-cards';
import {
  shownName,
  sortSummaries,
  toClubCard,
  toClubInvite,
  toClubLeaderboard,
  toClubMembers,
  toClubSummary,
} from './clubs.mapper';
import { createClubsRepository } from './clubs.repository';

/** 32 random bytes: 256 bits; base64url, 43 characters. */
const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What the database keeps of an invitation token: its SHA-256 (hex), never the token. */
export function hashInviteToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

const guestRefused = () => forbidden(messages.clubs.guestsCannotJoin);
const isOwnerRole = (role: ClubRole | null) => role === 'owner' || role === 'co_owner';

/**
 * Reading circles (issue 12, decision 016). Every permission is checked here, on the server:
 * members-only routes refuse non-members (403 membersOnly), owners-only routes refuse the rest
 * (403 ownersOnly / ownerOnly), and a club whose owner or a co-owner is in a block with a
 * non-member viewer is not found for that viewer. The site admin is a reader like any other.
 */
export function createClubsService(database: DatabaseHandle) {
  const { db } = database;
  const clubs = createClubsRepository(db);
  const privacy = createPrivacyService(database);

  /** Whether the viewer and the club's owner or a co-owner blocked each other. */
  async function blockedFromClub(clubId: string, viewerId: string): Promise<boolean> {
    const owners = await clubs.ownerIds(clubId);
    if (owners.includes(viewerId)) return false;
    const relationOf = await privacy.relationsTo(
      viewerId,
      owners.map((id) => ({ id, visibility: 'everyone' as const })),
    );
    return owners.some((id) => relationOf(id).isBlocked);
  }

  /**
   * The club and the viewer's role; a club that does not exist, or that a block hides from a
   * non-member, is not found.
   */
  async function clubFor(clubId: string, viewer: Viewer) {
    const club = await clubs.findRole(clubId, viewer.id);
    if (!club) throw notFound(messages.clubs.notFound);
    if (club.role === null && (await blockedFromClub(clubId, viewer.id))) {
      throw notFound(messages.clubs.notFound);
    }
    return club;
  }

  async function requireMemberOf(clubId: string, viewer: Viewer) {
    const club = await clubFor(clubId, viewer);
    if (club.role === null) throw forbidden(messages.clubs.membersOnly);
    return { ...club, role: club.role };
  }

  async function requireOwners(clubId: string, viewer: Viewer) {
    const club = await clubFor(clubId, viewer);
    if (!isOwnerRole(club.role)) throw forbidden(messages.clubs.ownersOnly);
    return { ...club, role: club.role };
  }

  async function requireOwner(clubId: string, viewer: Viewer) {
    const club = await clubFor(clubId, viewer);
    if (club.role !== 'owner') throw forbidden(messages.clubs.ownerOnly);
    return club;
  }

  async function summaryOf(clubId: string, viewerId: string) {
    const row = await clubs.findSummary(clubId, viewerId);
    if (!row) throw notFound(messages.clubs.notFound);
    return toClubSummary(row);
  }

  /** Adds a member, unless already in or the club is full; in the caller's transaction. */
  async function addMember(
    repo: ReturnType<typeof createClubsRepository>,
    clubId: string,
    userId: string,
  ) {
    const existing = await repo.findRole(clubId, userId);
    if (!existing) throw notFound(messages.clubs.notFound);
    if (existing.role !== null) throw conflict(messages.clubs.alreadyMember, 'ALREADY_MEMBER');
    if ((await repo.memberCount(clubId)) >= CLUB_MEMBERS_MAX) {
      throw new AppError(403, 'CLUB_FULL', messages.clubs.clubFull);
    }
    try {
      await repo.insertMember({
        clubId,
        userId,
        role: 'member',
        joinedAt: new Date().toISOString(),
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw conflict(messages.clubs.alreadyMember, 'ALREADY_MEMBER');
      }
      throw error;
    }
    await repo.deleteRequest(clubId, userId);
  }

  /**
   * The live invite a token names, or 404 inviteInvalid: malformed, unknown, expired, revoked,
   * or its club hidden from a non-member by a block with its owners. A blocked reader is
   * answered exactly as a dead link, to look and to join, so the block is not announced
   * (decision 014, issue 22).
   */
  async function inviteFor(viewer: Viewer, token: string) {
    const invalid = () => notFound(messages.clubs.inviteInvalid);
    if (!TOKEN_PATTERN.test(token)) throw invalid();
    const invite = await clubs.findLiveInvite(hashInviteToken(token), new Date().toISOString());
    if (!invite) throw invalid();
    const club = await clubs.findRole(invite.clubId, viewer.id);
    if (!club || (club.role === null && (await blockedFromClub(invite.clubId, viewer.id)))) {
      throw invalid();
    }
    return invite;
  }

  return {
    async create(viewer: Viewer, body: ClubBody): Promise<ClubResponse> {
      if (viewer.role === 'guest') throw guestRefused();
      const id = randomUUID();
      const now = new Date().toISOString();
      await db.transaction().execute(async (trx) => {
        const repo = createClubsRepository(trx);
        await repo.insertClub({
          id,
          name: body.name,
          description: body.description ?? '',
          createdBy: viewer.id,
          createdAt: now,
        });
        await repo.insertMember({ clubId: id, userId: viewer.id, role: 'owner', joinedAt: now });
      });
      return { club: await summaryOf(id, viewer.id) };
    },

    async list(viewer: Viewer): Promise<ClubListResponse> {
      const rows = await clubs.listSummariesOf(viewer.id);
      return { clubs: sortSummaries(rows.map(toClubSummary)) };
    },

    async get(viewer: Viewer, clubId: string): Promise<ClubResponse> {
      await clubFor(clubId, viewer);
      return { club: await summaryOf(clubId, viewer.id) };
    },

    async update(viewer: Viewer, clubId: string, body: ClubBody): Promise<ClubResponse> {
      await requireOwners(clubId, viewer);
      await clubs.updateClub(clubId, { name: body.name, description: body.description ?? '' });
      return { club: await summaryOf(clubId, viewer.id) };
    },

    async remove(viewer: Viewer, clubId: string) {
      await requireOwner(clubId, viewer);
      // Members, invites, requests and the cards with their cells and placements cascade.
      await clubs.deleteClub(clubId);
      return { message: messages.clubs.deleted };
    },

    async members(viewer: Viewer, clubId: string): Promise<ClubMembersResponse> {
      await requireMemberOf(clubId, viewer);
      const rows = await clubs.listMembers(clubId);
      const relationOf = await privacy.relationsTo(
        viewer.id,
        rows.map((row) => ({ id: row.userId, visibility: row.profileVisibility })),
      );
      return { members: toClubMembers(rows, relationOf) };
    },

    async setRole(viewer: Viewer, clubId: string, userId: string, role: 'co_owner' | 'member') {
      await requireOwner(clubId, viewer);
      const target = await clubs.findRole(clubId, userId);
      if (!target?.role) throw notFound(messages.clubs.notMember);
      if (target.role === 'owner') {
        throw badRequest(messages.clubs.cannotChangeOwner, 'CANNOT_CHANGE_OWNER');
      }
      await clubs.setRole(clubId, userId, role);
      return { message: messages.clubs.roleChanged };
    },

    /** Owners remove members (co-owners only plain members); anyone but the owner leaves. */
    async removeMember(viewer: Viewer, clubId: string, userId: string) {
      if (userId === viewer.id) {
        const club = await requireMemberOf(clubId, viewer);
        if (club.role === 'owner') throw forbidden(messages.clubs.ownerCannotLeave);
        await clubs.removeMember(clubId, viewer.id);
        return { message: messages.clubs.left };
      }
      const club = await requireOwners(clubId, viewer);
      const target = await clubs.findRole(clubId, userId);
      if (!target?.role) throw notFound(messages.clubs.notMember);
      if (target.role === 'owner') throw forbidden(messages.clubs.cannotRemoveOwner);
      if (target.role === 'co_owner' && club.role !== 'owner') {
        throw forbidden(messages.clubs.ownerOnly);
      }
      await clubs.removeMember(clubId, userId);
      return { message: messages.clubs.removed };
    },

    async createInvite(
      viewer: Viewer,
      clubId: string,
      body: CreateInviteBody,
    ): Promise<CreateInviteResponse> {
      await requireOwners(clubId, viewer);
      const token = randomBytes(TOKEN_BYTES).toString('base64url');
      const now = new Date();
      const days = body.expiresInDays ?? null;
      const invite = {
        id: randomUUID(),
        clubId,
        tokenHash: hashInviteToken(token),
        createdBy: viewer.id,
        createdAt: now.toISOString(),
        expiresAt: days === null ? null : new Date(now.getTime() + days * DAY_MS).toISOString(),
      };
      await clubs.insertInvite(invite);
      return {
        invite: toClubInvite(invite),
        path: `/clubs/join/${token}`,
        message: messages.clubs.inviteCreated,
      };
    },

    async invites(viewer: Viewer, clubId: string): Promise<ClubInviteListResponse> {
      await requireOwners(clubId, viewer);
      const rows = await clubs.listLiveInvites(clubId, new Date().toISOString());
      return { invites: rows.map(toClubInvite) };
    },

    async revokeInvite(viewer: Viewer, clubId: string, inviteId: string) {
      await requireOwners(clubId, viewer);
      if (!(await clubs.revokeInvite(clubId, inviteId, new Date().toISOString()))) {
        throw notFound(messages.clubs.inviteInvalid);
      }
      return { message: messages.clubs.inviteRevoked };
    },

    /** What a link shows before joining; a club a block hides is an invalid link. */
    async previewInvite(viewer: Viewer, token: string): Promise<InvitePreviewResponse> {
      const invite = await inviteFor(viewer, token);
      return { club: await summaryOf(invite.clubId, viewer.id) };
    },

    /** Joins through a link; a club a block hides is an invalid link, as in the preview. */
    async acceptInvite(viewer: Viewer, token: string): Promise<ClubResponse> {
      if (viewer.role === 'guest') throw guestRefused();
      const invite = await inviteFor(viewer, token);
      await db
        .transaction()
        .execute((trx) => addMember(createClubsRepository(trx), invite.clubId, viewer.id));
      return { club: await summaryOf(invite.clubId, viewer.id) };
    },

    async requestToJoin(viewer: Viewer, clubId: string) {
      if (viewer.role === 'guest') throw guestRefused();
      const club = await clubFor(clubId, viewer);
      if (club.role !== null) throw conflict(messages.clubs.alreadyMember, 'ALREADY_MEMBER');
      await clubs.insertRequest(clubId, viewer.id, new Date().toISOString());
      return { message: messages.clubs.requestSent };
    },

    async requests(viewer: Viewer, clubId: string): Promise<JoinRequestListResponse> {
      await requireOwners(clubId, viewer);
      const rows = await clubs.listRequests(clubId);
      const relationOf = await privacy.relationsTo(
        viewer.id,
        rows.map((row) => ({ id: row.userId, visibility: row.profileVisibility })),
      );
      return {
        requests: rows.map((row) => ({
          userId: row.userId,
          username: shownName(row, relationOf),
          requestedAt: toIso(row.createdAt),
        })),
      };
    },

    async approve(viewer: Viewer, clubId: string, userId: string) {
      await requireOwners(clubId, viewer);
      await db.transaction().execute(async (trx) => {
        const repo = createClubsRepository(trx);
        if (!(await repo.deleteRequest(clubId, userId))) {
          throw notFound(messages.clubs.noRequest);
        }
        await addMember(repo, clubId, userId);
      });
      return { message: messages.clubs.approved };
    },

    async decline(viewer: Viewer, clubId: string, userId: string) {
      await requireOwners(clubId, viewer);
      if (!(await clubs.deleteRequest(clubId, userId))) throw notFound(messages.clubs.noRequest);
      return { message: messages.clubs.declined };
    },

    async cards(viewer: Viewer, clubId: string): Promise<ClubCardsResponse> {
      const club = await requireMemberOf(clubId, viewer);
      const rows = await clubs.listCards(clubId);
      return { cards: rows.map((row, i) => toClubCard(row, club, i === 0)) };
    },

    async createCard(viewer: Viewer, clubId: string, body: ParsedClubCardBody) {
      const club = await requireOwners(clubId, viewer);
      if (!isRealDate(body.resetDate)) {
        throw badRequest(messages.clubs.resetDateRequired, 'VALIDATION_FAILED');
      }
      if (body.resetDate < todayUtc()) {
        throw badRequest(messages.clubs.resetDatePast, 'RESET_DATE_PAST');
      }
      const grid = await db.transaction().execute(async (trx) => {
        // Issue 22: a few live cards a club at most; an ended card no longer counts.
        const repo = createClubsRepository(trx);
        await repo.lockClub(clubId, database.kind);
        if ((await repo.liveCardCount(clubId, todayUtc())) >= CLUB_LIVE_CARDS_MAX) {
          throw conflict(messages.clubs.tooManyLiveCards(CLUB_LIVE_CARDS_MAX), 'TOO_MANY_CARDS');
        }
        return createGridsRepository(trx).insertWithCells(trx, {
          title: body.title,
          challenges: body.challenges,
          rules: body.rules,
          labels: body.labels,
          createdBy: viewer.id,
          clubId,
          resetDate: body.resetDate,
        });
      });
      const card: GridSummary = toClubCard({ ...grid, resetDate: body.resetDate }, club, true);
      return { card, message: messages.clubs.cardCreated };
    },

    async leaderboard(viewer: Viewer, clubId: string): Promise<ClubLeaderboardResponse> {
      await requireMemberOf(clubId, viewer);
      const rows = await clubs.leaderboardRows(clubId);
      const relationOf = await privacy.relationsTo(
        viewer.id,
        rows.map((row) => ({ id: row.userId, visibility: row.profileVisibility })),
      );
      return toClubLeaderboard(rows, viewer.id, relationOf);
    },

    /**
     * The newest `perClub` cards of every club the viewer is in, for GET /api/grids (issue 22:
     * older ones come from `pastCardsOf`), each with its row's time for the page's cursor.
     */
    async recentCardsOf(viewerId: string, perClub: number) {
      const rows = await clubs.recentCardsOf(viewerId, perClub);
      return rows.map((row) => ({
        card: toClubCard(row, { id: row.clubId, name: row.clubName }, row.newness === 1),
        newness: row.newness,
      }));
    },

    /** Issue 22: a page of a club's cards older than `after`, for its members only. */
    async pastCardsOf(
      viewer: Viewer,
      clubId: string,
      after: { createdAt: string; id: string },
      limit: number,
    ): Promise<GridSummary[]> {
      const club = await requireMemberOf(clubId, viewer);
      const [rows, newestId] = await Promise.all([
        clubs.listCardsAfter(clubId, after, limit),
        clubs.newestCardId(clubId),
      ]);
      return rows.map((row) => toClubCard(row, club, row.id === newestId));
    },

    /** The club's owners and co-owners only (403 ownersOnly), an unknown club 404. */
    async requireOwners(viewer: Viewer, clubId: string): Promise<void> {
      await requireOwners(clubId, viewer);
    },

    /**
     * Issue 24: joins the club a live join code names, exactly as an invitation link does: a
     * club a block hides from the reader answers `invalid()` (the same as a wrong code), a
     * member hears alreadyMember, a full club clubFull.
     */
    async joinThroughCode(
      viewer: Viewer,
      clubId: string,
      invalid: () => Error,
    ): Promise<ClubResponse> {
      if (viewer.role === 'guest') throw guestRefused();
      const club = await clubs.findRole(clubId, viewer.id);
      if (!club || (club.role === null && (await blockedFromClub(clubId, viewer.id)))) {
        throw invalid();
      }
      await db
        .transaction()
        .execute((trx) => addMember(createClubsRepository(trx), clubId, viewer.id));
      return { club: await summaryOf(clubId, viewer.id) };
    },

    /**
     * For the blog's club filter: members only (403 membersOnly), an unknown club 404; answers
     * whether the viewer is one of its owners (issue 23: they see the posts hidden from its feed).
     */
    async requireMember(viewer: Viewer, clubId: string): Promise<{ isOwner: boolean }> {
      const club = await requireMemberOf(clubId, viewer);
      return { isOwner: isOwnerRole(club.role) };
    },
  };
}

export type ClubsService = ReturnType<typeof createClubsService>;
