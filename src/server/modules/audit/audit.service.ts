import { profileNameOf } from '../../../lib/display-name';
import { AUDIT_PAGE_SIZE } from '../../../lib/limits';
import type { AuditEntry, AuditLogResponse } from '../../../lib/schemas/audit';
import type { DatabaseHandle } from '../../db/database';
import { toIso } from '../../db/schema';
import { createAuditRepository } from './audit.repository';

function parseDetail(detail: string): AuditEntry['detail'] {
  try {
    const value: unknown = JSON.parse(detail);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as AuditEntry['detail'])
      : {};
  } catch {
    return {};
  }
}

/** Reads the audit log for admins (issue 23); entries are written by each action's service. */
export function createAuditService(database: DatabaseHandle) {
  const audit = createAuditRepository(database.db);
  return {
    async list(cursor: string | undefined): Promise<AuditLogResponse> {
      const before = cursor ? await audit.findCreatedAt(cursor) : null;
      const rows = await audit.list(
        AUDIT_PAGE_SIZE + 1,
        before ? { createdAt: toIso(before.createdAt), id: before.id } : null,
      );
      const page = rows.slice(0, AUDIT_PAGE_SIZE);
      return {
        entries: page.map((row) => ({
          id: row.id,
          actorId: row.actorId,
          actorName:
            row.actorName === null && row.actorUsername === null
              ? null
              : profileNameOf({ displayUsername: row.actorUsername, name: row.actorName }),
          action: row.action as AuditEntry['action'],
          targetType: row.targetType as AuditEntry['targetType'],
          targetId: row.targetId,
          reason: row.reason,
          detail: parseDetail(row.detail),
          createdAt: toIso(row.createdAt),
        })),
        nextCursor: rows.length > AUDIT_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
      };
    },
  };
}
