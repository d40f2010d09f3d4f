import { z } from 'zod';
import { text } from './text';

/** A reader's live link to one of their cards, as its owner sees it (issue 12). */
export const ShareSummary = z.object({
  id: z.string(),
  gridId: z.string(),
  gridTitle: z.string(),
  createdAt: z.string(),
});
export type ShareSummary = z.infer<typeof ShareSummary>;

export const CreateShareBody = z.object({ gridId: text({ max: 100 }).min(1) });
export type CreateShareBody = z.infer<typeof CreateShareBody>;

/**
 * A new link: its address is shown once, at creation; the server keeps only a hash of the
 * token, so a later list shows that a link is live, not where it leads.
 */
export const CreateShareResponse = z.object({
  share: ShareSummary.extend({ url: z.string(), imageUrl: z.string() }),
  message: z.string(),
});
export type CreateShareResponse = z.infer<typeof CreateShareResponse>;

/** The owner's live links, newest first. */
export const ShareListResponse = z.object({ shares: z.array(ShareSummary) });
export type ShareListResponse = z.infer<typeof ShareListResponse>;

export const ShareIdParams = z.object({ id: text({ max: 100 }).min(1) });

export const RevokeShareResponse = z.object({ message: z.string() });
export type RevokeShareResponse = z.infer<typeof RevokeShareResponse>;

/** A share token: 32 random bytes in base64url, 43 characters. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
