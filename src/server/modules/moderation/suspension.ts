import { sql, type RawBuilder } from 'kysely';
import { messages } from '../../../lib/messages';

/** What a suspension is made of: better-auth's admin columns on users (migration 001). */
export interface SuspensionColumns {
  banned?: boolean | number | null;
  banExpires?: Date | string | null;
}

/**
 * Whether a reader is suspended at `now`: banned, for good (no end) or until a time still to
 * come. A suspension whose end has passed is over without anyone lifting it (issue 23).
 */
export function isSuspendedAt(user: SuspensionColumns, now: number = Date.now()): boolean {
  if (!user.banned) return false;
  if (user.banExpires === null || user.banExpires === undefined) return true;
  return new Date(user.banExpires).getTime() > now;
}

/**
 * SQL that is true while the users row `alias` is NOT suspended, for the feeds and boards that
 * leave a suspended reader's posts and rows out. Written once for both databases: SQLite keeps
 * the flag as 0/1 and the end as ISO text (which sorts as time), PostgreSQL as boolean and
 * timestamptz.
 */
export function notSuspendedSql(alias: string, now: Date = new Date()): RawBuilder<boolean> {
  return sql<boolean>`not (coalesce(${sql.ref(`${alias}.banned`)}, false) and (${sql.ref(
    `${alias}.banExpires`,
  )} is null or ${sql.ref(`${alias}.banExpires`)} > ${now.toISOString()}))`;
}

/** A suspension's end as the texts give it: '12 December 2026' (UTC). */
export function formatSuspensionEnd(end: Date | string): string {
  return new Date(end).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** What sign-in answers a suspended reader (better-auth's admin plugin asks for it). */
export function suspendedSignInMessage(user: SuspensionColumns): string {
  return user.banExpires
    ? messages.moderation.signInSuspendedUntil(formatSuspensionEnd(user.banExpires))
    : messages.moderation.signInSuspendedForGood;
}
