import { randomUUID } from 'node:crypto';
import { verifyPassword } from '../../auth/password-hash';
import { messages } from '../../../lib/messages';
import type { ErasurePreviewResponse } from '../../../lib/schemas/erasure';
import type { AppDeps } from '../../app-deps';
import { lockoutHash } from '../../auth/sign-in-lockout';
import { LIVE_CHANNELS } from '../../events/hub';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { Viewer } from '../../http/viewer';
import { createAuditRepository } from '../audit/audit.repository';
import { publishRelationsChanged } from '../privacy/relations-cache';
import { createErasureRepository, type PlannedHandOver } from './erasure.repository';

/** Who asked for an erasure: the reader, an admin (with the reason), or the guest sweep. */
export type ErasureCause =
  { by: 'self' } | { by: 'admin'; adminId: string; reason: string } | { by: 'sweep' };

export type ErasureDeps = Pick<AppDeps, 'database' | 'bus' | 'sessionsChanged' | 'config'>;

function toPreview(plans: PlannedHandOver[]): ErasurePreviewResponse['clubs'] {
  return plans.map((plan) => ({
    clubId: plan.clubId,
    name: plan.name,
    outcome: plan.successor ? 'transferred' : 'deleted',
    newOwnerName: plan.successor?.name ?? null,
  }));
}

/**
 * Erasing an account (issue 23, the right to erasure): everything of the reader goes in one
 * transaction, their clubs pass on or are deleted, the audit log keeps only an opaque id, and
 * afterwards every instance forgets their sessions and the boards and relations they were in.
 */
export function createErasureService(deps: ErasureDeps) {
  const { database } = deps;
  const audit = createAuditRepository(database.db);

  /** Erases one account; null when it is not there (already erased, or never was). */
  async function erase(
    userId: string,
    cause: ErasureCause,
  ): Promise<{ opaqueId: string; clubs: ErasurePreviewResponse['clubs'] } | null> {
    const opaqueId = randomUUID();
    const erasedAt = new Date().toISOString();
    const done = await database.db.transaction().execute(async (trx) => {
      const repo = createErasureRepository(trx, database.kind);
      const user = await repo.findUser(userId);
      if (!user) return null;
      // Never leave the app without an admin (a race of two admins erasing each other too).
      if (user.role === 'admin' && (await repo.otherAdmins(user.id)) === 0) {
        throw conflict(messages.erasure.lastAdmin, 'LAST_ADMIN');
      }
      const plans = await repo.planHandOvers(user.id);
      for (const plan of plans) {
        if (plan.successor) await repo.handOver(plan.clubId, user.id, plan.successor.userId);
        else await repo.deleteClub(plan.clubId);
      }
      const related = await repo.relatedReaders(user.id);
      await repo.deleteFootprint(user, lockoutHash(user.email, deps.config.authSecret));
      await repo.anonymiseAudit(user, opaqueId);
      if (cause.by === 'admin') {
        await audit.record(trx, {
          actorId: cause.adminId,
          action: 'user.erase',
          targetType: 'user',
          targetId: opaqueId,
          reason: cause.reason,
          detail: { clubsTransferred: plans.filter((p) => p.successor).length },
        });
      }
      await repo.logErasure(opaqueId, erasedAt);
      return { related, plans };
    });
    if (!done) return null;
    // Every instance at once: the reader's cached sessions (and so their live streams, which
    // check their session when told), the boards they were on, the relations they were in.
    await deps.sessionsChanged(userId);
    publishRelationsChanged(deps.bus, userId, ...done.related);
    deps.bus.publish(LIVE_CHANNELS.leaderboard, '');
    return { opaqueId, clubs: toPreview(done.plans) };
  }

  return {
    erase,

    /** What erasing the viewer's account would do, shown before they confirm. */
    async preview(viewer: Viewer): Promise<ErasurePreviewResponse> {
      const plans = await createErasureRepository(database.db, database.kind).planHandOvers(
        viewer.id,
      );
      return { clubs: toPreview(plans), passwordRequired: !viewer.isAnonymous };
    },

    /** The reader's own erasure: the password again, except for a guest, who has none. */
    async eraseSelf(viewer: Viewer, password: string | undefined) {
      if (!viewer.isAnonymous) {
        if (!password) throw badRequest(messages.erasure.passwordRequired, 'PASSWORD_REQUIRED');
        const hash = await createErasureRepository(database.db, database.kind).passwordHash(
          viewer.id,
        );
        if (!hash || !(await verifyPassword({ hash, password }))) {
          throw new AppError(403, 'WRONG_PASSWORD', messages.erasure.wrongPassword);
        }
      }
      await erase(viewer.id, { by: 'self' });
      return { message: messages.erasure.erased };
    },

    /** An admin's erasure of another account, with the reason the audit log keeps. */
    async eraseByAdmin(admin: Viewer, userId: string, reason: string) {
      if (userId === admin.id) throw forbidden(messages.erasure.adminSelf);
      const erased = await erase(userId, { by: 'admin', adminId: admin.id, reason });
      if (!erased) throw notFound(messages.admin.readerNotFound);
      return { message: messages.erasure.adminErased };
    },
  };
}

export type ErasureService = ReturnType<typeof createErasureService>;
