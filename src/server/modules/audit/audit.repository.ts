import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuditAction, AuditTargetType } from '../../../lib/schemas/audit';

export interface AuditRecord {
  actorId: string;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string | null;
  reason?: string;
  /** Non-personal facts only: ids, counts, days (never a name, email or text a reader wrote). */
  detail?: Record<string, string | number | boolean | null>;
}

/** The audit log: written beside each admin action, in its transaction; read by admins. */
export function createAuditRepository(db: Kysely<Database>) {
  return {
    async record(trx: Kysely<Database> | Transaction<Database>, entry: AuditRecord) {
      await trx
        .insertInto('auditLog')
        .values({
          id: randomUUID(),
          actorId: entry.actorId,
          action: entry.action,
          targetType: entry.targetType,
          targetId: entry.targetId,
          reason: entry.reason ?? '',
          detail: JSON.stringify(entry.detail ?? {}),
          createdAt: new Date().toISOString(),
        })
        .execute();
    },
    /** Newest first; `before` is the previous page's last entry (its time, then its id). */
    async list(limit: number, before: { createdAt: string; id: string } | null) {
      let query = db
        .selectFrom('auditLog as a')
        .leftJoin('users as u', 'u.id', 'a.actorId')
        .select([
          'a.id',
          'a.actorId',
          'a.action',
          'a.targetType',
          'a.targetId',
          'a.reason',
          'a.detail',
          'a.createdAt',
          'u.name as actorName',
          'u.displayUsername as actorUsername',
        ])
        .orderBy('a.createdAt', 'desc')
        .orderBy('a.id', 'desc')
        .limit(limit);
      if (before) {
        query = query.where((eb) =>
          eb.or([
            eb('a.createdAt', '<', before.createdAt),
            eb.and([eb('a.createdAt', '=', before.createdAt), eb('a.id', '<', before.id)]),
          ]),
        );
      }
      return query.execute();
    },
    async findCreatedAt(id: string) {
      const row = await db
        .selectFrom('auditLog')
        .select(['id', 'createdAt'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row ?? null;
    },
  };
}
