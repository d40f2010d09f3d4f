import { profileNameOf } from '../../../lib/display-name';
import { messages } from '../../../lib/messages';
import { canSeeProfile } from '../../../lib/privacy';
import type {
  CreateReportBody,
  ModerationItem,
  ModerationQueueResponse,
  ReportSnapshot,
  ReportTargetType,
  ResetFieldsBody,
  SuspendBody,
} from '../../../lib/schemas/moderation';
import { USERNAME_MAX } from '../../../lib/limits';
import { withRandomSuffix } from '../../../lib/username';
import type { DatabaseHandle } from '../../db/database';
import { toIso } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { LIVE_CHANNELS } from '../../events/hub';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { Viewer } from '../../http/viewer';
import type { MessageBus } from '../../shared/bus';
import { createAuditRepository } from '../audit/audit.repository';
import { createClubsService } from '../clubs/clubs.service';
import { createPrivacyService } from '../privacy/privacy.service';
import {
  createModerationRepository,
  type QueueCursor,
  type TargetKey,
} from './moderation.repository';
import { formatSuspensionEnd, isSuspendedAt } from './suspension';

/** Targets in the queue a page. */
export const MODERATION_PAGE_SIZE = 25;
const DAY_MS = 86_400_000;

/** The queue's cursor as the client carries it: opaque base64url JSON. */
export function encodeQueueCursor(cursor: QueueCursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

function decodeQueueCursor(text: string): QueueCursor {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    if (value && typeof value === 'object') {
      const { firstReportedAt, targetType, targetId } = value as Record<string, unknown>;
      if (
        typeof firstReportedAt === 'string' &&
        !Number.isNaN(Date.parse(firstReportedAt)) &&
        typeof targetType === 'string' &&
        typeof targetId === 'string'
      ) {
        return { firstReportedAt, targetType, targetId };
      }
    }
  } catch {
    // falls through to the refusal
  }
  throw badRequest(messages.generic.badRequest, 'INVALID_CURSOR');
}

function parseSnapshot(text: string): ReportSnapshot {
  try {
    const value = JSON.parse(text) as Partial<ReportSnapshot>;
    return {
      body: value.body ?? null,
      title: value.title ?? null,
      ownerId: value.ownerId ?? null,
      ownerName: value.ownerName ?? null,
    };
  } catch {
    return { body: null, title: null, ownerId: null, ownerName: null };
  }
}

/** The audit log's name for a report target: a profile is a user. */
const auditTargetOf = (type: ReportTargetType) => (type === 'profile' ? 'user' : type);

/**
 * Reports, the moderation queue, moderators' actions and suspensions (issue 23). Every
 * moderator action writes the audit log in the transaction that does it, and closes the
 * target's open reports there too. A suspension ends the reader's sessions in that
 * transaction; every instance then forgets their cached sessions (sessionsChanged), which
 * also empties the kept leaderboards, and their live streams end.
 */
export function createModerationService(
  database: DatabaseHandle,
  deps: { sessionsChanged: (userId: string) => Promise<void>; bus: MessageBus },
) {
  const { db } = database;
  const repo = createModerationRepository(db);
  const audit = createAuditRepository(db);
  const privacy = createPrivacyService(database);
  const clubs = createClubsService(database);

  /** What a target says now, or null when it is gone. */
  async function currentOf(target: TargetKey): Promise<ReportSnapshot | null> {
    switch (target.targetType) {
      case 'post': {
        const post = await repo.findPost(db, target.targetId);
        if (!post) return null;
        return {
          body: post.body,
          title: post.bookTitle,
          ownerId: post.userId,
          ownerName: profileNameOf(post),
        };
      }
      case 'profile': {
        const user = await repo.findUser(db, target.targetId);
        if (!user) return null;
        const name = profileNameOf(user);
        return { body: user.bio, title: name, ownerId: user.id, ownerName: name };
      }
      case 'club': {
        const club = await repo.findClub(db, target.targetId);
        if (!club) return null;
        return {
          body: club.description,
          title: club.name,
          ownerId: club.ownerId,
          ownerName:
            club.ownerId === null
              ? null
              : profileNameOf({ displayUsername: club.ownerUsername, name: club.ownerName }),
        };
      }
    }
  }

  /**
   * The content a reader reports, as they see it: 404 targetNotFound for what is not there or
   * what they may not see (a block either way, a hidden post, a suspended author, a profile
   * its visibility hides, a club a block hides), 400 reportOwn for their own.
   */
  async function reportableSnapshot(viewer: Viewer, target: TargetKey): Promise<ReportSnapshot> {
    const missing = () => notFound(messages.moderation.targetNotFound);
    const own = () => badRequest(messages.moderation.reportOwn, 'REPORT_OWN');
    switch (target.targetType) {
      case 'post': {
        const post = await repo.findPost(db, target.targetId);
        if (!post) throw missing();
        if (post.userId === viewer.id) throw own();
        if (post.hiddenAt !== null || isSuspendedAt(post)) throw missing();
        const relationOf = await privacy.relationsTo(viewer.id, [
          { id: post.userId, visibility: 'everyone' },
        ]);
        if (relationOf(post.userId).isBlocked) throw missing();
        break;
      }
      case 'profile': {
        const user = await repo.findUser(db, target.targetId);
        if (!user || user.isAnonymous) throw missing();
        if (user.id === viewer.id) throw own();
        const relationOf = await privacy.relationsTo(viewer.id, [
          { id: user.id, visibility: user.profileVisibility },
        ]);
        if (!canSeeProfile(user.profileVisibility, relationOf(user.id))) throw missing();
        break;
      }
      case 'club': {
        try {
          const { club } = await clubs.get(viewer, target.targetId);
          if (club.role === 'owner' || club.role === 'co_owner') throw own();
        } catch (error) {
          if (error instanceof AppError && error.statusCode === 404) throw missing();
          throw error;
        }
        break;
      }
    }
    const snapshot = await currentOf(target);
    if (!snapshot) throw missing();
    return snapshot;
  }

  /** A free 'reader' plus 4 digits (SPEC.md section 5's style), else plus 10 digits. */
  async function freeDefaultUsername(trx: Parameters<typeof repo.isUsernameTaken>[0]) {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const candidate = withRandomSuffix('reader');
      if (!(await repo.isUsernameTaken(trx, candidate))) return candidate;
    }
    return `reader${String(Math.random()).slice(2, 12)}`.slice(0, USERNAME_MAX);
  }

  return {
    /** A reader's report: one open report per reader and target (409 alreadyReported). */
    async report(viewer: Viewer, body: CreateReportBody) {
      const target = { targetType: body.targetType, targetId: body.targetId };
      const snapshot = await reportableSnapshot(viewer, target);
      const duplicate = () => conflict(messages.moderation.alreadyReported, 'ALREADY_REPORTED');
      try {
        await db.transaction().execute(async (trx) => {
          if (await repo.hasOpenReport(trx, viewer.id, target)) throw duplicate();
          await repo.insertReport(trx, {
            ...target,
            reporterId: viewer.id,
            reason: body.reason,
            note: body.note ?? '',
            snapshot: JSON.stringify(snapshot),
          });
        });
      } catch (error) {
        // Two reports at once: the partial unique index lets one in.
        if (isUniqueViolation(error)) throw duplicate();
        throw error;
      }
      return { message: messages.moderation.reportReceived };
    },

    /** Open reports grouped by target, the oldest first report first, 25 a page. */
    async queue(cursor: string | undefined): Promise<ModerationQueueResponse> {
      const after = cursor === undefined ? null : decodeQueueCursor(cursor);
      const groups = await repo.openTargets(MODERATION_PAGE_SIZE + 1, after);
      const page = groups.slice(0, MODERATION_PAGE_SIZE);
      const targets = page.map((g) => ({
        targetType: g.targetType,
        targetId: g.targetId,
      }));
      const reports = await repo.openReportsOf(targets);
      const items = await Promise.all(
        page.map(async (group): Promise<ModerationItem> => {
          const mine = reports.filter(
            (r) => r.targetType === group.targetType && r.targetId === group.targetId,
          );
          const reasons: Record<string, number> = {};
          for (const report of mine) reasons[report.reason] = (reasons[report.reason] ?? 0) + 1;
          const target = { targetType: group.targetType, targetId: group.targetId };
          const current = await currentOf(target);
          const post =
            group.targetType === 'post' ? await repo.findPost(db, group.targetId) : undefined;
          return {
            ...target,
            snapshot: parseSnapshot(mine[0]?.snapshot ?? '{}'),
            current,
            reports: Number(group.reports),
            reasons,
            notes: mine.map((r) => r.note).filter((note) => note !== ''),
            firstReportedAt: toIso(group.firstReportedAt),
            lastReportedAt: toIso(group.lastReportedAt),
            hidden: post ? post.hiddenAt !== null : false,
          };
        }),
      );
      const last = page.at(-1);
      return {
        items,
        nextCursor:
          groups.length > MODERATION_PAGE_SIZE && last
            ? encodeQueueCursor({
                firstReportedAt: toIso(last.firstReportedAt),
                targetType: last.targetType,
                targetId: last.targetId,
              })
            : null,
      };
    },

    /** Closes a target's open reports with no action on it (404 when it has none). */
    async dismiss(admin: Viewer, target: TargetKey, reason: string | undefined) {
      await db.transaction().execute(async (trx) => {
        const closed = await repo.closeOpen(trx, target, 'dismissed');
        if (closed === 0) throw notFound(messages.moderation.noOpenReports);
        await audit.record(trx, {
          actorId: admin.id,
          action: 'report.dismiss',
          targetType: auditTargetOf(target.targetType),
          targetId: target.targetId,
          reason: reason ?? '',
          detail: { targetType: target.targetType, reports: closed },
        });
      });
      return { message: messages.moderation.reportsDismissed };
    },

    /** Hides a post from everyone but its author, or shows it again. */
    async setPostHidden(admin: Viewer, postId: string, hidden: boolean, reason?: string) {
      await db.transaction().execute(async (trx) => {
        const post = await repo.findPost(trx, postId);
        if (!post) throw notFound(messages.moderation.postNotFound);
        const isHidden = post.hiddenAt !== null;
        if (hidden && isHidden) throw conflict(messages.moderation.postAlreadyHidden);
        if (!hidden && !isHidden) throw conflict(messages.moderation.postNotHidden);
        await repo.setPostHidden(trx, postId, hidden);
        const closed = hidden
          ? await repo.closeOpen(trx, { targetType: 'post', targetId: postId }, 'hidden')
          : 0;
        await audit.record(trx, {
          actorId: admin.id,
          action: hidden ? 'post.hide' : 'post.unhide',
          targetType: 'post',
          targetId: postId,
          reason: reason ?? '',
          detail: { authorId: post.userId, reports: closed },
        });
      });
      return {
        message: hidden ? messages.moderation.postHidden : messages.moderation.postUnhidden,
      };
    },

    /** Deletes a post for good, closing its reports. */
    async removePost(admin: Viewer, postId: string, reason?: string) {
      await db.transaction().execute(async (trx) => {
        const post = await repo.findPost(trx, postId);
        if (!post) throw notFound(messages.moderation.postNotFound);
        await repo.deletePost(trx, postId);
        const closed = await repo.closeOpen(
          trx,
          { targetType: 'post', targetId: postId },
          'removed',
        );
        await audit.record(trx, {
          actorId: admin.id,
          action: 'post.remove',
          targetType: 'post',
          targetId: postId,
          reason: reason ?? '',
          detail: { authorId: post.userId, reports: closed },
        });
      });
      return { message: messages.moderation.postRemoved };
    },

    /**
     * Sets a reader's name (account name 'Reader', username 'reader' plus 4 digits) or bio
     * (empty) back to the default, closing the profile's open reports.
     */
    async resetProfile(admin: Viewer, userId: string, body: ResetFieldsBody) {
      if (body.fields.some((field) => field !== 'name' && field !== 'bio')) {
        throw badRequest(messages.moderation.profileFieldsOnly, 'RESET_FIELDS');
      }
      await db.transaction().execute(async (trx) => {
        const user = await repo.findUser(trx, userId);
        if (!user || user.isAnonymous) throw notFound(messages.admin.readerNotFound);
        const changes: { name?: string; username?: string; displayUsername?: string; bio?: null } =
          {};
        if (body.fields.includes('name')) {
          const username = await freeDefaultUsername(trx);
          changes.name = messages.moderation.defaultReaderName;
          changes.username = username.toLowerCase();
          changes.displayUsername = username;
        }
        if (body.fields.includes('bio')) changes.bio = null;
        await repo.updateUser(trx, userId, changes);
        const closed = await repo.closeOpen(
          trx,
          { targetType: 'profile', targetId: userId },
          'reset',
        );
        await audit.record(trx, {
          actorId: admin.id,
          action: 'profile.reset',
          targetType: 'user',
          targetId: userId,
          reason: body.reason ?? '',
          detail: { fields: [...new Set(body.fields)].join(','), reports: closed },
        });
      });
      // The cached sessions carry the name; the kept boards forget it too.
      await deps.sessionsChanged(userId);
      return { message: messages.moderation.profileReset };
    },

    /** Sets a club's name ('Reading club') or description (empty) back to the default. */
    async resetClub(admin: Viewer, clubId: string, body: ResetFieldsBody) {
      if (body.fields.some((field) => field !== 'name' && field !== 'description')) {
        throw badRequest(messages.moderation.clubFieldsOnly, 'RESET_FIELDS');
      }
      await db.transaction().execute(async (trx) => {
        const club = await repo.findClub(trx, clubId);
        if (!club) throw notFound(messages.moderation.clubNotFound);
        await repo.updateClub(trx, clubId, {
          ...(body.fields.includes('name') ? { name: messages.moderation.defaultClubName } : {}),
          ...(body.fields.includes('description') ? { description: '' } : {}),
        });
        const closed = await repo.closeOpen(trx, { targetType: 'club', targetId: clubId }, 'reset');
        await audit.record(trx, {
          actorId: admin.id,
          action: 'club.reset',
          targetType: 'club',
          targetId: clubId,
          reason: body.reason ?? '',
          detail: { fields: [...new Set(body.fields)].join(','), reports: closed },
        });
      });
      return { message: messages.moderation.clubReset };
    },

    /**
     * Suspends a reader for `days` or for good: never oneself, never an admin. Their sessions
     * end in the same transaction; every instance forgets them at once after it.
     */
    async suspend(admin: Viewer, userId: string, body: SuspendBody) {
      if (userId === admin.id) throw forbidden(messages.moderation.suspendSelf);
      const until =
        body.days === null ? null : new Date(Date.now() + body.days * DAY_MS).toISOString();
      await db.transaction().execute(async (trx) => {
        const user = await repo.findUser(trx, userId);
        if (!user) throw notFound(messages.admin.readerNotFound);
        if (user.role === 'admin') throw forbidden(messages.moderation.suspendAdmin);
        await repo.setSuspension(trx, userId, { until, reason: body.reason });
        await repo.deleteSessions(trx, userId);
        await audit.record(trx, {
          actorId: admin.id,
          action: 'user.suspend',
          targetType: 'user',
          targetId: userId,
          reason: body.reason,
          detail: { days: body.days, until },
        });
      });
      await announce(userId);
      return {
        message: messages.moderation.suspended(until === null ? null : formatSuspensionEnd(until)),
      };
    },

    /** Lifts a suspension that still lasts (409 notSuspended otherwise). */
    async unsuspend(admin: Viewer, userId: string, reason: string | undefined) {
      await db.transaction().execute(async (trx) => {
        const user = await repo.findUser(trx, userId);
        if (!user) throw notFound(messages.admin.readerNotFound);
        if (!isSuspendedAt(user)) throw conflict(messages.moderation.notSuspended, 'NOT_SUSPENDED');
        await repo.setSuspension(trx, userId, null);
        await audit.record(trx, {
          actorId: admin.id,
          action: 'user.unsuspend',
          targetType: 'user',
          targetId: userId,
          reason: reason ?? '',
        });
      });
      await announce(userId);
      return { message: messages.moderation.unsuspended };
    },

    /** A club's owners hide a member's post from the club's feed, or show it again. */
    async setHiddenInClub(viewer: Viewer, clubId: string, postId: string, hidden: boolean) {
      await clubs.requireOwners(viewer, clubId);
      await db.transaction().execute(async (trx) => {
        const post = await repo.findPost(trx, postId);
        // Only a post the club's feed can show: a current member's.
        if (!post || !(await repo.isClubMember(trx, clubId, post.userId))) {
          throw notFound(messages.moderation.postNotFound);
        }
        if (hidden) await repo.hideInClub(trx, clubId, postId, viewer.id);
        else await repo.showInClub(trx, clubId, postId);
      });
      return {
        message: hidden ? messages.moderation.clubPostHidden : messages.moderation.clubPostShown,
      };
    },
  };

  /**
   * A suspension began or ended: every instance forgets the reader's cached sessions (their
   * live streams check theirs and close) and its kept leaderboards, and open boards refetch.
   */
  async function announce(userId: string) {
    await deps.sessionsChanged(userId);
    deps.bus.publish(LIVE_CHANNELS.leaderboard, '');
  }
}

export type ModerationService = ReturnType<typeof createModerationService>;
