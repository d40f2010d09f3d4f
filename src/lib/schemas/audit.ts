import { z } from 'zod';

/**
 * What an admin or moderator can do (issue 23); every one is written to the audit log.
 * The names are stable: the log keeps them, and the admin page shows each one's label.
 */
export const AuditAction = z.enum([
  'reset_date.set',
  'grid.create',
  'grid.cell_edit',
  'grid.end',
  'book.confirm',
  'book.reject',
  'user.role',
  'user.unlock',
  'user.suspend',
  'user.unsuspend',
  'user.erase',
  'report.dismiss',
  'post.hide',
  'post.unhide',
  'post.remove',
  'profile.reset',
  'club.reset',
]);
export type AuditAction = z.infer<typeof AuditAction>;

export const AuditTargetType = z.enum([
  'user',
  'post',
  'club',
  'grid',
  'cell',
  'book',
  'report',
  'settings',
]);
export type AuditTargetType = z.infer<typeof AuditTargetType>;

export const AuditEntry = z.object({
  id: z.string(),
  /** The admin's shown name, or null once their account is erased. */
  actorName: z.string().nullable(),
  actorId: z.string(),
  action: AuditAction,
  targetType: AuditTargetType,
  targetId: z.string().nullable(),
  /**
   * The target as a person reads it, from the tables as they are when the log is read (never
   * stored in the log): a reader's shown name, a club's name, a card's title, "post about
   * <book title>"; messages.auditNames' words for a target that is gone or erased.
   */
  targetLabel: z.string(),
  reason: z.string(),
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditLogQuery = z.object({
  /** The last entry's id of the previous page. */
  cursor: z.string().trim().min(1).max(100).optional(),
});

export const AuditLogResponse = z.object({
  entries: z.array(AuditEntry),
  nextCursor: z.string().nullable(),
});
export type AuditLogResponse = z.infer<typeof AuditLogResponse>;
