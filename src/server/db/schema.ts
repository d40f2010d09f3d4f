import type { ColumnType, Generated } from 'kysely';

/**
 * The database as our code sees it: camelCase here, snake_case in SQL (Kysely's CamelCasePlugin).
 * Timestamps are written as ISO strings; SQLite returns strings and PostgreSQL Date objects, so
 * mappers read them through `toIso`. Flags are 0/1 integers on both databases.
 */
type Timestamp = ColumnType<Date | string, string | undefined, string>;
type Flag = ColumnType<number, number | undefined, number>;

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  emailVerified: ColumnType<boolean | number, boolean | number, boolean | number>;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  isAnonymous: ColumnType<boolean | number | null, boolean | number | null | undefined>;
  username: string | null;
  displayUsername: string | null;
  role: string | null;
  banned: ColumnType<boolean | number | null, boolean | number | null | undefined>;
  banReason: string | null;
  banExpires: ColumnType<Date | string | null, string | null | undefined>;
  bio: string | null;
  avatar: string | null;
  points: Generated<number>;
  /** Private (issue 11): read only by the birth-year rule, never shown to others. */
  birthYear: number | null;
  /** Private (issue 11): read only by the author-first-name rule. */
  firstName: string | null;
  lastLogin: ColumnType<Date | string | null, string | null | undefined>;
  lastModifiedBy: string | null;
  /** Who sees the profile, shelves, stats and want-to-read (migration 008, decision 014). */
  profileVisibility: ColumnType<
    ProfileVisibility,
    ProfileVisibility | undefined,
    ProfileVisibility
  >;
}

export type ProfileVisibility = 'everyone' | 'friends' | 'only_me';

/** A reader blocked by another (migration 008, decision 014). */
export interface BlocksTable {
  blockerId: string;
  blockedId: string;
  createdAt: Timestamp;
}

export interface BooksTable {
  isbn: string;
  isbn10: string | null;
  title: string;
  authors: string;
  genre: string;
  categories: string;
  description: string | null;
  publisher: string | null;
  publishedDate: string | null;
  pageCount: number | null;
  language: string | null;
  coverUrl: string | null;
  averageRating: number | null;
  ratingsCount: number | null;
  /** JSON text: categories and provider subjects (issue 11). */
  subjects: ColumnType<string, string | undefined, string>;
  firstPublishedYear: number | null;
  /** ISO 639-1 code of the language the work was first written in. */
  originalLanguage: string | null;
  /** Subject, genre and language words search also matches (books/book-facets.ts). */
  facets: ColumnType<string, string | undefined, string>;
  source: string;
  /**
   * 1 when the demo catalogue, a provider or an admin vouches for the book; 0 when only a
   * reader's import does: then only readers who list it find it (migration 006, decision 008).
   */
  confirmed: Flag;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** When an admin turned the imported book down (migration 015, issue 23); null: never. */
  rejectedAt: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

export interface GridsTable {
  id: string;
  title: string;
  createdBy: string | null;
  createdAt: Timestamp;
  /** The club whose card this is; null for the shared card (migration 010, decision 016). */
  clubId: ColumnType<string | null, string | null | undefined, string | null>;
  /** A club card's own reset date, YYYY-MM-DD (the shared card's is a setting). */
  resetDate: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface CellsTable {
  id: string;
  gridId: string;
  position: number;
  challenge: string;
  /** JSON text of a ChallengeRule (src/lib/challenge-rules.ts); null: free text only. */
  rule: string | null;
  /** Issue 22: the short label the phone card shows in the square (migration 012). */
  label: string;
}

export interface PlacementsTable {
  id: string;
  userId: string;
  gridId: string;
  cellId: string;
  bookIsbn: string;
  bookTitle: string;
  isWildcard: Flag;
  points: number;
  /** 1: the book met the square's rule, 0: it did not, null: unknown or no rule. */
  ruleMet: number | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface FriendshipsTable {
  id: string;
  senderId: string;
  receiverId: string;
  status: 'pending' | 'accepted';
  createdAt: Timestamp;
  acceptedAt: ColumnType<Date | string | null, string | null | undefined>;
}

export interface BlogPostsTable {
  id: string;
  userId: string;
  bookIsbn: string;
  bookTitle: string;
  coverUrl: string | null;
  body: string;
  rating: number;
  createdAt: Timestamp;
  /** When a moderator hid the post (migration 014, issue 23); null: shown. */
  hiddenAt: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

export interface FinishedBooksTable {
  id: string;
  userId: string;
  bookIsbn: string;
  title: string;
  author: string | null;
  coverUrl: string | null;
  rating: number | null;
  review: string | null;
  ratingDate: ColumnType<Date | string | null, string | null | undefined>;
  finishedAt: Timestamp;
  createdAt: Timestamp;
}

export interface WantToReadTable {
  id: string;
  userId: string;
  bookIsbn: string;
  title: string;
  author: string | null;
  coverUrl: string | null;
  addedAt: Timestamp;
}

export interface SettingsTable {
  key: string;
  value: string;
  updatedAt: Timestamp;
  updatedBy: string | null;
}

export interface CaptchaSolutionsTable {
  signature: string;
  expiresAt: Timestamp;
}

/**
 * Failed sign-ins against one (normalised) email, from any address (migration 005); keyed by
 * the email's HMAC-SHA256 with AUTH_SECRET, never the email itself (migration 013, issue 23).
 */
export interface SignInFailuresTable {
  emailHash: string;
  failures: number;
  lastFailureAt: Timestamp;
  lockedUntil: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

/** What one import added to a reader's lists, for the daily quota (migration 006). */
export interface ImportRunsTable {
  id: string;
  userId: string;
  rowsAdded: number;
  createdAt: Timestamp;
}

/** An import's list entries on their way to the reader's lists (migration 006). */
export interface ImportEntriesTable {
  importId: string;
  seq: number;
  list: 'finished' | 'want';
  id: string;
  userId: string;
  bookIsbn: string;
  title: string;
  author: string | null;
  coverUrl: string | null;
  rating: number | null;
  review: string | null;
  ratingDate: string | null;
  finishedAt: string | null;
  addedAt: string | null;
  createdAt: string;
}

/** A reader's public link to one of their cards (migration 009, issue 12). */
export interface SharesTable {
  id: string;
  userId: string;
  gridId: string;
  /** SHA-256 (hex) of the link's token; the token itself is never stored. */
  tokenHash: string;
  createdAt: Timestamp;
  revokedAt: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

/** A reading circle (migration 010, decision 016). */
export interface ClubsTable {
  id: string;
  name: string;
  description: string;
  createdBy: string | null;
  createdAt: Timestamp;
}

export type ClubRoleColumn = 'owner' | 'co_owner' | 'member';

export interface ClubMembersTable {
  clubId: string;
  userId: string;
  role: ClubRoleColumn;
  joinedAt: Timestamp;
}

/** An invitation link: only the SHA-256 (hex) of its token is kept. */
export interface ClubInvitesTable {
  id: string;
  clubId: string;
  tokenHash: string;
  createdBy: string | null;
  createdAt: Timestamp;
  expiresAt: ColumnType<Date | string | null, string | null | undefined, string | null>;
  revokedAt: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

/** Issue 24: a club's join code, kept as its keyed hash only (migration 019). */
export interface ClubJoinCodesTable {
  id: string;
  clubId: string;
  codeHash: string;
  createdBy: string | null;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  revokedAt: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

export interface ClubJoinRequestsTable {
  clubId: string;
  userId: string;
  createdAt: Timestamp;
}

/** One admin or moderator action (migration 011, issue 23); the API never edits a row. */
export interface AuditLogTable {
  id: string;
  actorId: string;
  action: string;
  targetType: string;
  targetId: string | null;
  reason: string;
  /** JSON of non-personal facts: ids, counts, days. */
  detail: string;
  createdAt: Timestamp;
}

/** A write's Idempotency-Key, kept per reader for a day (migration 018, issue 26). */
export interface IdempotencyKeysTable {
  userId: string;
  key: string;
  fingerprint: string;
  response: string;
  createdAt: Timestamp;
}

/** A reader's report of a post, profile or club (migration 014, issue 23). */
export interface ReportsTable {
  id: string;
  reporterId: string;
  targetType: 'post' | 'profile' | 'club';
  targetId: string;
  reason: string;
  note: ColumnType<string, string | undefined, string>;
  /** JSON of a ReportSnapshot: the content as this reader reported it. */
  snapshot: string;
  status: ColumnType<'open' | 'closed', 'open' | 'closed' | undefined, 'open' | 'closed'>;
  /** What closed it: dismissed, hidden, removed, reset. */
  resolution: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: Timestamp;
  closedAt: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

/** A post a club's owners hid from that club's feed (migration 014, issue 23). */
export interface ClubHiddenPostsTable {
  clubId: string;
  postId: string;
  hiddenBy: string | null;
  createdAt: Timestamp;
}

/** One erased account: an opaque id (never the reader's) and the date (migration 013). */
export interface ErasureLogTable {
  id: string;
  erasedAt: Timestamp;
}

/**
 * Issue 24 (migration 021): one reader's totals on one card, kept by triggers on placements.
 * mask: a bit per marked position; metMask: a bit per position whose book met its rule.
 */
export interface CardReaderTotalsTable {
  gridId: string;
  userId: string;
  squares: number;
  mask: number;
  metMask: number;
  /** Completed rows, columns and diagonals of mask. */
  lines: number;
  points: number;
  firstAt: Timestamp;
  lastAt: Timestamp;
}

/** Issue 24 (migration 021): placements per card, square and UTC day (YYYY-MM-DD). */
export interface CardDayCountsTable {
  gridId: string;
  cellId: string;
  day: string;
  placements: number;
  /** Of them, books that met the square's rule. */
  met: number;
}

/**
 * Issue 25 (migration 022): per square and book, how many readers who count (visible, not
 * suspended, on a club card a member) placed it there; kept by triggers.
 */
export interface SquareBookCountsTable {
  cellId: string;
  bookIsbn: string;
  readers: number;
  /** Migration 023: the largest power of two not above readers (1 at 0), what the index orders. */
  band: Generated<number>;
}

export interface Database {
  users: UsersTable;
  books: BooksTable;
  grids: GridsTable;
  cells: CellsTable;
  placements: PlacementsTable;
  friendships: FriendshipsTable;
  blogPosts: BlogPostsTable;
  finishedBooks: FinishedBooksTable;
  wantToRead: WantToReadTable;
  settings: SettingsTable;
  captchaSolutions: CaptchaSolutionsTable;
  signInFailures: SignInFailuresTable;
  importRuns: ImportRunsTable;
  importEntries: ImportEntriesTable;
  blocks: BlocksTable;
  shares: SharesTable;
  clubs: ClubsTable;
  clubMembers: ClubMembersTable;
  clubInvites: ClubInvitesTable;
  clubJoinRequests: ClubJoinRequestsTable;
  auditLog: AuditLogTable;
  idempotencyKeys: IdempotencyKeysTable;
  reports: ReportsTable;
  clubHiddenPosts: ClubHiddenPostsTable;
  erasureLog: ErasureLogTable;
  clubJoinCodes: ClubJoinCodesTable;
  cardReaderTotals: CardReaderTotalsTable;
  cardDayCounts: CardDayCountsTable;
  squareBookCounts: SquareBookCountsTable;
}

/** Reads a timestamp column the same way on both databases. */
export function toIso(value: Date | string | number): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

/** Reads a timestamp column that may be empty. */
export function toIsoOrNull(value: Date | string | number | null | undefined): string | null {
  return value === null || value === undefined ? null : toIso(value);
}
