/** Business constants and limits of SPEC.md section 9, written once. */
export const GRID_SIZE = 4;
export const CELL_COUNT = GRID_SIZE * GRID_SIZE;
/**
 * Issue 22: the longest short label a challenge may carry (the phone card shows it in the square,
 * at 13-14 px on two or three lines); the full text (up to 200 characters) stays in the sheet.
 */
export const CHALLENGE_LABEL_MAX = 24;

export const POINTS_PER_SQUARE = 10;
export const POINTS_PER_LINE = 50;
export const POINTS_FOR_FULL_CARD = 100;

/** A book may be used once normally and once as the wildcard on a grid. */
export const MAX_BOOK_USES_PER_GRID = 2;
export const WILDCARDS_PER_GRID = 1;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const BIO_MAX = 200;
/** Issue 11: the private profile facts some squares read. */
export const BIRTH_YEAR_MIN = 1900;
export const FIRST_NAME_MAX = 50;
export const REVIEW_MAX = 2000;
/**
 * Issue 8: the longest text any request field may carry when its own rule sets no tighter cap
 * (search words, ids, free text), and the deepest a JSON body may nest.
 */
export const TEXT_FIELD_MAX = 1000;
export const JSON_MAX_DEPTH = 32;
/** Largest import request: a 5,000-book Goodreads export with reviews is about 2-3 MB. */
export const IMPORT_MAX_BODY_BYTES = 5 * 1024 * 1024;
/** Most data rows one import may carry; the whole file goes in one request (one transaction). */
export const IMPORT_MAX_ROWS = 10_000;
/** Books (rows that add to a list) one reader may import in a rolling day (issue 8). */
export const IMPORT_ROWS_PER_DAY = 20_000;
/** Import requests one reader may send in an hour (a retry after fixing rows counts). */
export const IMPORTS_PER_HOUR = 20;
/**
 * Live-event streams one instance keeps open at once; the next one answers 503 (the
 * LIVE_STREAMS_MAX setting replaces it). Derived from `npm run bench -- fan-out` (issue 27): a
 * stream costs about 10 KB of the server's heap (7-27 KB of the server process's memory, the
 * clients in processes of their own) and one file descriptor, and each leaderboard update
 * writes every stream once. 12,000 is about 120 MB of heap (up to about 320 MB of process
 * memory) and leaves 8,000 of the usual 20,000 descriptors for the rest.
 */
export const LIVE_STREAMS_MAX = 12_000;
/**
 * Live-event streams one address may hold open on an instance: guests cost nothing to make, so
 * the per-reader cap alone would let one address fill LIVE_STREAMS_MAX. A classroom of 30 behind
 * one address, each with a few tabs, stays well under it. RATE_LIMIT_SCALE applies (0 lifts it).
 */
export const LIVE_STREAMS_PER_ADDRESS = 500;
/**
 * Bytes of events one stream may leave waiting in the server, unsent, before it is ended. A
 * browser reads what it is sent, even in a hidden tab; a client that stops reading fills the
 * kernel's socket buffers, and past them the server would keep every later event for it, without
 * end. Events are 30-60 bytes and leaderboard updates come at most once a second, so 8 KB is a
 * client minutes behind; the browser reconnects after a drop and refetches what it shows.
 * LIVE_STREAMS_MAX stalled streams hold at most about 100 MB.
 */
export const LIVE_STREAM_UNSENT_MAX = 8 * 1024;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const PASSWORD_MIN = 6;
/** Longest password better-auth takes (its maxPasswordLength). */
export const PASSWORD_MAX = 128;
/** Longest account name a sign-up may carry; the browser sends the email's local part (<= 64). */
export const ACCOUNT_NAME_MAX = 64;
/** Longest email address (RFC 5321). */
export const EMAIL_MAX = 254;
/** Longest password-reset token the forwarder passes on (better-auth's are 24 characters). */
export const RESET_TOKEN_MAX = 128;

/**
 * Failed sign-ins against one account, from any address, before it is locked (issue 8). Each
 * further run of this many failures locks it again for twice as long, up to the maximum.
 */
export const SIGN_IN_LOCK_THRESHOLD = 5;
export const SIGN_IN_LOCK_BASE_MS = 15 * 60_000;
export const SIGN_IN_LOCK_MAX_MS = 24 * 60 * 60_000;

export const BLOG_PAGE_SIZE = 10;
/** Entries of the admin's audit log per page (issue 23). */
export const AUDIT_PAGE_SIZE = 50;
/** Readers and imported books per page on the admin's pages (issue 23). */
export const ADMIN_PAGE_SIZE = 25;
export const LEADERBOARD_TOP = 10;

export const GRID_CACHE_MS = 2_592_000_000;
export const PROGRESS_CACHE_MS = 300_000;
export const FRIEND_PROFILE_CACHE_MS = 300_000;
export const PROFILE_REFRESH_THROTTLE_MS = 300_000;
/** The user row's login fields are merged back at most this often (SPEC.md section 4). */
export const LOGIN_MERGE_INTERVAL_MS = 300_000;

export const ONBOARDING_BOOKS = 5;
export const SEARCH_DEBOUNCE_MS = 500;
export const ONBOARDING_SEARCH_RESULTS = 5;
export const SWIPE_ANIMATION_MS = 300;
export const POINTS_ANIMATION_MS = 500;
export const DAYS_LEFT_REFRESH_MS = 86_400_000;
export const BOOK_SCROLL_PX = 300;

export const TOAST_SUCCESS_MS = 3000;
export const TOAST_INFO_MS = 3000;
export const TOAST_ERROR_MS = 5000;
export const TOAST_DRAG_PERCENT = 80;
/** Issue 9: at most this many toasts on screen at once; more wait their turn. */
export const TOASTS_AT_ONCE = 2;

export const RECOMMENDATION_REFILL_MIN_MS = 5000;
export const RECOMMENDATION_REFILL_THRESHOLD = 10;
export const RECOMMENDATION_FETCH_MAX = 40;
export const RECOMMENDATION_START_INDEX_MAX = 19;
export const RECOMMENDATION_BATCH_KEEP = 20;
export const RECOMMENDATION_MAX_AUTHORS = 3;
export const RECOMMENDATION_MAX_GENRES = 2;
export const RECOMMENDATION_GENRES = [
  'Fantasy',
  'Science Fiction',
  'Mystery',
  'Thriller',
  'Biography',
  'Adventure',
  'Nonfiction',
  'Historical Fiction',
  'Contemporary Fiction',
] as const;

/** Largest JSON body the API accepts; anything bigger is refused with 400 before it is read. */
export const MAX_JSON_BODY_BYTES = 64 * 1024;

/** Share links a reader may make a minute (issue 12): one a card is the honest use. */
export const SHARE_CREATES_PER_MINUTE = 10;
/** Views of public share pages and images a minute from one address (issue 12). */
export const SHARE_VIEWS_PER_MINUTE = 300;
/** Rendered share images kept in memory, by card content (issue 12). */
export const SHARE_IMAGE_CACHE_ENTRIES = 200;

/** Issue 12: reading circles. Names and descriptions are plain text. */
export const CLUB_NAME_MIN = 3;
export const CLUB_NAME_MAX = 60;
export const CLUB_DESCRIPTION_MAX = 500;
/** Members one club may hold (the club leaderboard is measured at 1,000). */
export const CLUB_MEMBERS_MAX = 5_000;
/** Clubs one reader may create in a rolling day, and invitation links per hour. */
export const CLUBS_CREATED_PER_DAY = 5;
export const CLUB_INVITES_PER_HOUR = 20;

/**
 * Issue 22: most entries any list in a square's rule may hold (the subject groups, 17 today,
 * each once), and the longest text an entry or a code in a rule may be. Lists are
 * de-duplicated after trimming and folding case; a stored rule is read back the same way.
 */
export const RULE_LIST_MAX = 20;
export const RULE_TEXT_MAX = 40;
/** Issue 22: club cards one reader may create in a rolling day, over all their clubs. */
export const CLUB_CARDS_CREATED_PER_DAY = 10;
/** Issue 22: cards of one club whose reset date has not passed; the next waits for one to end. */
export const CLUB_LIVE_CARDS_MAX = 3;
/**
 * Issue 22: GET /api/grids lists the newest cards of each scope (the shared card and each of
 * the viewer's clubs), the current one among them; older ones come a page at a time from
 * GET /api/grids/past.
 */
export const GRIDS_LISTED_PER_SCOPE = 4;
export const PAST_GRIDS_PAGE_SIZE = 10;

/**
 * The years a Year in Review may be asked for. Here, not in reading-year.ts, so the profile page
 * can check a year without loading what that module imports (zod, through challenge-rules).
 */
export const READING_YEAR_MIN = 1900;
export const READING_YEAR_MAX = 2100;
