import type { FeedFilter } from '../../../lib/schemas/posts';

/** The filter dropdown of SPEC.md section 2: the same choices in the main menu and on the blog. */
export const FEED_FILTERS: readonly { value: FeedFilter; label: string }[] = [
  { value: 'all', label: 'All Posts' },
  { value: 'friends', label: "Friends' Posts" },
  { value: 'mine', label: 'My Posts' },
];
