import { z } from 'zod';
import { BlogPost } from './reviews';
import { text } from './text';

/**
 * The blog's filter dropdown (SPEC.md section 2): All Posts, Friends' Posts, My Posts, and
 * (issue 12) one "Club posts" entry per club of the viewer.
 */
export const FeedFilter = z.enum(['all', 'friends', 'mine', 'club']);
export type FeedFilter = z.infer<typeof FeedFilter>;

export const FeedQuery = z.object({
  filter: FeedFilter.default('all'),
  /** The previous page's nextCursor; opaque. */
  cursor: text({ max: 200 }).min(1).optional(),
  /** Issue 12: with filter=club, the club whose members' posts to show (members only). */
  clubId: text({ max: 100 }).min(1).optional(),
});
export type FeedQuery = z.input<typeof FeedQuery>;

/** A post in the feed: the blog post of SPEC.md section 3 with the viewer's own flag. */
export const FeedPost = BlogPost.extend({
  /** The viewer wrote it: the delete link shows (SPEC.md section 6). */
  isOwn: z.boolean(),
  /**
   * Issue 23: a moderator hid it. Only its author is ever sent a hidden post (marked with
   * messages.moderation.hiddenByModerator); nobody else sees it anywhere.
   */
  hidden: z.boolean(),
  /**
   * Issue 23: sent only on a club's feed to its owners (owner and co-owners): the owners hid
   * it from this club's feed, so its members do not see it; the owners see it marked, with
   * "Show in club feed". Members never get a post hidden from the club's feed.
   */
  hiddenInClub: z.boolean().optional(),
});
export type FeedPost = z.infer<typeof FeedPost>;

/** Ten posts a page, newest first; nextCursor is null on the last page ('No more posts.'). */
export const FeedResponse = z.object({
  posts: z.array(FeedPost),
  nextCursor: z.string().nullable(),
});
export type FeedResponse = z.infer<typeof FeedResponse>;

export const PostParams = z.object({ id: text({ max: 100 }).min(1) });
