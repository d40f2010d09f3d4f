import { messages } from '../../../lib/messages';
import { badRequest } from '../../http/errors';

/** Where a feed page ends: the last post's time and id, the order the feed indexes keep. */
export interface FeedCursor {
  createdAt: string;
  id: string;
}

const ISO_TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/;
const MAX_ID_LENGTH = 100;

/** An ISO timestamp on the calendar (Date would read 2030-02-31 as March 3rd). */
function isRealTimestamp(text: string): boolean {
  const match = ISO_TIMESTAMP.exec(text);
  if (!match) return false;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = match
    .slice(1, 7)
    .map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60
  );
}

/** The opaque nextCursor: base64url of the last post's (createdAt, id). */
export function encodeFeedCursor(cursor: FeedCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');
}

/**
 * Reads a cursor the client sent back; anything we did not make is a 400 with `message` (the
 * blog's, or the past cards' of GET /api/grids/past, issue 22).
 */
export function decodeFeedCursor(
  raw: string,
  message: string = messages.blog.invalidCursor,
): FeedCursor {
  const invalid = () => badRequest(message, 'INVALID_CURSOR');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalid();
  const [createdAt, id] = parsed as unknown[];
  if (typeof createdAt !== 'string' || !isRealTimestamp(createdAt)) throw invalid();
  if (typeof id !== 'string' || id === '' || id.length > MAX_ID_LENGTH) throw invalid();
  return { createdAt, id };
}
