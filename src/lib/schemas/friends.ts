import { z } from 'zod';
import { text } from './text';

export const FriendStatus = z.enum(['pending', 'accepted']);
export type FriendStatus = z.infer<typeof FriendStatus>;

/**
 * One row of the Friends tab (SPEC.md section 3, Friends, with the view's isReceived flag).
 * `id` is the friendship's (for Accept, Reject and Remove), `userId` the other reader's (for
 * the link to /friend/{userId}). Pending reads 'Wants to be friends' when received, else
 * 'Request sent'; accepted reads 'Friend' (SPEC.md section 4).
 *
 * Privacy (decision 014, addendum): `points` is null when the other reader's profile is hidden
 * from the viewer. A request the viewer sent that is still pending, to a reader hidden from
 * them, names them 'A reader' with a null `userId`: asking reveals no name, id or points.
 */
export const Friend = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  username: z.string(),
  points: z.number().int().nullable(),
  status: FriendStatus,
  isReceived: z.boolean(),
  createdAt: z.string(),
});
export type Friend = z.infer<typeof Friend>;

export const FriendListResponse = z.object({ friends: z.array(Friend) });
export type FriendListResponse = z.infer<typeof FriendListResponse>;

/** Add Friend: an email or username, any case. A blank one answers 400 EMPTY_QUERY. */
export const AddFriendBody = z.object({ query: text({ max: 320 }).default('') });
export type AddFriendBody = z.input<typeof AddFriendBody>;

export const FriendResponse = z.object({ friend: Friend, message: z.string() });
export type FriendResponse = z.infer<typeof FriendResponse>;

export const FriendshipParams = z.object({ id: text({ max: 100 }).min(1) });
