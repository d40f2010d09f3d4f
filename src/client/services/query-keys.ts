/**
 * Query-key roots that more than one feature must refresh: the signed-in reader's own profile
 * data (card, books, want-to-read, friends) and the blog feed. A feature that changes what these
 * show (a review, a want-to-read add, a like) invalidates the root; the owning feature builds its
 * own keys under it.
 */
export const OWN_PROFILE_KEY = ['profile'] as const;
export const POSTS_KEY = ['posts'] as const;
