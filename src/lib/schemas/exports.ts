import { z } from 'zod';
import { ClubRole } from './clubs';
import { BlockedReader, ProfileVisibility } from './privacy';
import { ShareSummary } from './share';

/** The columns of GET /api/exports/finished-books.csv, in order. */
export const FINISHED_BOOKS_CSV_COLUMNS = [
  'ISBN13',
  'Title',
  'Author',
  'My Rating',
  'Date Read',
  'Date Rated',
  'My Review',
] as const;

/**
 * Everything a reader owns, as GET /api/exports/me.json hands it over (issue 5). Other
 * readers appear by id and public name only, never by email.
 */
export const ReaderExport = z.object({
  exportedAt: z.string(),
  profile: z.object({
    id: z.string(),
    email: z.string(),
    username: z.string().nullable(),
    name: z.string(),
    bio: z.string().nullable(),
    avatar: z.string().nullable(),
    points: z.number().int(),
    role: z.string(),
    createdAt: z.string(),
    /** Issue 11: the private facts some squares read. */
    birthYear: z.number().int().nullable(),
    firstName: z.string().nullable(),
    /** Issue 12: who sees the profile (decision 014). */
    visibility: ProfileVisibility,
  }),
  placements: z.array(
    z.object({
      gridId: z.string(),
      gridTitle: z.string(),
      position: z.number().int(),
      challenge: z.string(),
      bookIsbn: z.string(),
      bookTitle: z.string(),
      isWildcard: z.boolean(),
      points: z.number().int(),
      placedAt: z.string(),
    }),
  ),
  finishedBooks: z.array(
    z.object({
      isbn: z.string(),
      title: z.string(),
      author: z.string().nullable(),
      rating: z.number().int().nullable(),
      review: z.string().nullable(),
      ratedAt: z.string().nullable(),
      finishedAt: z.string(),
    }),
  ),
  wantToRead: z.array(
    z.object({
      isbn: z.string(),
      title: z.string(),
      author: z.string().nullable(),
      addedAt: z.string(),
    }),
  ),
  posts: z.array(
    z.object({
      id: z.string(),
      bookIsbn: z.string(),
      bookTitle: z.string(),
      body: z.string(),
      rating: z.number().int(),
      createdAt: z.string(),
    }),
  ),
  friends: z.array(
    z.object({
      /** Null, and username 'A reader', for a pending request sent to a hidden reader. */
      userId: z.string().nullable(),
      username: z.string(),
      status: z.enum(['pending', 'accepted']),
      /** 'sent' when this reader asked, 'received' when the other did. */
      direction: z.enum(['sent', 'received']),
      createdAt: z.string(),
      acceptedAt: z.string().nullable(),
    }),
  ),
  /** Issue 12: the readers this reader blocked, by id and public name. */
  blocked: z.array(BlockedReader),
  /**
   * Issue 12: the reader's live share links, by card. The link itself is not here: only its
   * token's hash is ever stored (decision 015), so the link is shown once, when it is made.
   */
  shares: z.array(ShareSummary),
  /** Issue 12: the clubs the reader is in, with their role (decision 016). */
  clubs: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      role: ClubRole,
      joinedAt: z.string(),
    }),
  ),
});
export type ReaderExport = z.infer<typeof ReaderExport>;
