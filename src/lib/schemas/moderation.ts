import { z } from 'zod';
import { messages } from '../messages';
import { text } from './text';

/**
 * Issue 23: reports, the moderation queue and suspensions. The contract the server and the
 * admin page share; texts come from messages.moderation.
 */

/** What a reader can report: a post (review), a profile (name, bio) or a club (name, description). */
export const ReportTargetType = z.enum(['post', 'profile', 'club'], {
  error: messages.moderation.targetTypeRequired,
});
export type ReportTargetType = z.infer<typeof ReportTargetType>;

/** The short list of reasons a reader picks from. */
export const ReportReason = z.enum(['spam', 'harassment', 'inappropriate', 'spoilers', 'other'], {
  error: messages.reporting.reasonRequired,
});
export type ReportReason = z.infer<typeof ReportReason>;

export const REPORT_NOTE_MAX = 500;

export const CreateReportBody = z.object({
  targetType: ReportTargetType,
  /** A post's id, a reader's id (profile) or a club's id. */
  targetId: text({ max: 100 }).trim().min(1),
  reason: ReportReason,
  note: text({ max: REPORT_NOTE_MAX, multiline: true }).trim().optional(),
});
export type CreateReportBody = z.infer<typeof CreateReportBody>;

/** 201: received. The reporter learns nothing about anybody else's reports. */
export const CreateReportResponse = z.object({ message: z.string() });
export type CreateReportResponse = z.infer<typeof CreateReportResponse>;

/** The reported content as it was when first reported (texts only; never the reporters). */
export const ReportSnapshot = z.object({
  /** post: the review's text; profile: the bio; club: the description. */
  body: z.string().nullable(),
  /** profile: the reader's shown name; club: its name; post: the book's title. */
  title: z.string().nullable(),
  /** The reader the content belongs to (the post's author, the profile, the club's owner). */
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
});
export type ReportSnapshot = z.infer<typeof ReportSnapshot>;

/** One reported target in the admin's queue: its open reports grouped. */
export const ModerationItem = z.object({
  targetType: ReportTargetType,
  targetId: z.string(),
  snapshot: ReportSnapshot,
  /** What the target says now; null when it is gone (removed, erased). */
  current: ReportSnapshot.nullable(),
  /** Open reports on it. */
  reports: z.number().int(),
  reasons: z.record(z.string(), z.number().int()),
  /** The reporters' notes (no names). */
  notes: z.array(z.string()),
  firstReportedAt: z.string(),
  lastReportedAt: z.string(),
  /** post only: hidden by a moderator. */
  hidden: z.boolean(),
});
export type ModerationItem = z.infer<typeof ModerationItem>;

export const ModerationQueueQuery = z.object({
  cursor: text({ max: 200 }).trim().min(1).optional(),
});

/** Oldest open target first, 25 a page. */
export const ModerationQueueResponse = z.object({
  items: z.array(ModerationItem),
  nextCursor: z.string().nullable(),
});
export type ModerationQueueResponse = z.infer<typeof ModerationQueueResponse>;

export const ReportTargetParams = z.object({
  targetType: ReportTargetType,
  targetId: text({ max: 100 }).trim().min(1),
});

/** A reason the audit log keeps beside a moderator's action. */
export const ModerationReasonBody = z.object({
  reason: text({ max: 500 }).trim().optional(),
});
export type ModerationReasonBody = z.infer<typeof ModerationReasonBody>;

/** Setting a reader's name or bio, or a club's name or description, back to the default. */
export const ResetFieldsBody = ModerationReasonBody.extend({
  fields: z
    .array(z.enum(['name', 'bio', 'description']))
    .min(1, messages.moderation.resetFieldsRequired)
    .max(2),
});
export type ResetFieldsBody = z.infer<typeof ResetFieldsBody>;

export const SUSPENSION_DAYS_MAX = 3650;

/** The reason an action must give: the audit log keeps it (a suspension, an admin's erasure). */
export const auditReason = text({ max: 500 })
  .trim()
  .min(1, messages.moderation.auditReasonRequired);

/** Suspending a reader for a number of days, or for good (days: null). */
export const SuspendBody = z.object({
  days: z
    .number({ error: messages.moderation.daysRequired })
    .int(messages.moderation.daysWhole)
    .min(1, messages.moderation.daysMin)
    .max(SUSPENSION_DAYS_MAX, messages.moderation.daysMax(SUSPENSION_DAYS_MAX))
    .nullable(),
  reason: auditReason,
});
export type SuspendBody = z.infer<typeof SuspendBody>;
