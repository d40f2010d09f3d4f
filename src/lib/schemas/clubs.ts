import { z } from 'zod';
import { CLUB_DESCRIPTION_MAX, CLUB_NAME_MAX, CLUB_NAME_MIN } from '../limits';
import { messages } from '../messages';
import { CreateGridBody, GridSummary } from './admin';
import { text } from './text';

/**
 * Reading circles (issue 12, decision 016): clubs with their own cards and leaderboard.
 * Plain text only: names and descriptions are shown as text, never as markup.
 */

/** owner: the creator, one per club. co_owner: named by the owner. member: everyone else. */
export const CLUB_ROLES = ['owner', 'co_owner', 'member'] as const;
export const ClubRole = z.enum(CLUB_ROLES);
export type ClubRole = z.infer<typeof ClubRole>;

export const ClubParams = z.object({ clubId: text({ max: 100 }).min(1) });
export const ClubMemberParams = ClubParams.extend({ userId: text({ max: 100 }).min(1) });
export const ClubInviteParams = ClubParams.extend({ inviteId: text({ max: 100 }).min(1) });
/** An invitation link's token: 43 base64url characters (32 random bytes). */
export const InviteTokenParams = z.object({ token: text({ max: 100 }).min(1) });

export const ClubBody = z.object({
  name: text({ max: CLUB_NAME_MAX + 50, error: messages.clubs.nameInvalid })
    .trim()
    .min(CLUB_NAME_MIN, messages.clubs.nameInvalid)
    .max(CLUB_NAME_MAX, messages.clubs.nameInvalid),
  description: text({
    max: CLUB_DESCRIPTION_MAX + 50,
    multiline: true,
    tooLong: messages.clubs.descriptionTooLong,
  })
    .trim()
    .max(CLUB_DESCRIPTION_MAX, messages.clubs.descriptionTooLong)
    .default(''),
});
export type ClubBody = z.input<typeof ClubBody>;

/** What anyone signed in (not blocked by an owner) sees of a club: enough to ask to join. */
export const ClubSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  memberCount: z.number().int(),
  createdAt: z.string(),
  /** The viewer's role, or null when the viewer is not a member. */
  role: ClubRole.nullable(),
  /** The viewer asked to join and no owner has answered yet. */
  requestPending: z.boolean(),
});
export type ClubSummary = z.infer<typeof ClubSummary>;

export const ClubResponse = z.object({ club: ClubSummary });
export type ClubResponse = z.infer<typeof ClubResponse>;

/** The viewer's clubs, by name. */
export const ClubListResponse = z.object({ clubs: z.array(ClubSummary) });
export type ClubListResponse = z.infer<typeof ClubListResponse>;

export const ClubMember = z.object({
  userId: z.string(),
  /** "A reader" when the member's profile is hidden from the viewer (decision 014). */
  username: z.string(),
  avatar: z.string().nullable(),
  role: ClubRole,
  joinedAt: z.string(),
  /** The viewer may open this member's profile. */
  profileVisible: z.boolean(),
});
export type ClubMember = z.infer<typeof ClubMember>;

/** Members only: the members, owner first, then co-owners, then by name. */
export const ClubMembersResponse = z.object({ members: z.array(ClubMember) });
export type ClubMembersResponse = z.infer<typeof ClubMembersResponse>;

export const SetClubRoleBody = z.object({
  role: z.enum(['co_owner', 'member'], { error: messages.clubs.roleInvalid }),
});

/** Owners and co-owners: an invitation link. The token is shown once, when it is made. */
export const CreateInviteBody = z.object({
  /** Days until the link stops working; absent or null: it works until revoked. */
  expiresInDays: z
    .number({ error: messages.clubs.inviteExpiryInvalid })
    .int(messages.clubs.inviteExpiryInvalid)
    .min(1, messages.clubs.inviteExpiryInvalid)
    .max(90, messages.clubs.inviteExpiryInvalid)
    .nullable()
    .optional(),
});
export type CreateInviteBody = z.infer<typeof CreateInviteBody>;

export const ClubInvite = z.object({
  id: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  createdBy: z.string(),
});
export type ClubInvite = z.infer<typeof ClubInvite>;

export const CreateInviteResponse = z.object({
  invite: ClubInvite,
  /** The path to share, /clubs/join/{token}; only in this answer. */
  path: z.string(),
  message: z.string(),
});
export type CreateInviteResponse = z.infer<typeof CreateInviteResponse>;

/** Owners and co-owners: live invitation links (not expired, not revoked). */
export const ClubInviteListResponse = z.object({ invites: z.array(ClubInvite) });
export type ClubInviteListResponse = z.infer<typeof ClubInviteListResponse>;

/** What an invitation link shows before joining. */
export const InvitePreviewResponse = z.object({
  club: ClubSummary,
});
export type InvitePreviewResponse = z.infer<typeof InvitePreviewResponse>;

export const JoinRequest = z.object({
  userId: z.string(),
  username: z.string(),
  requestedAt: z.string(),
});
export type JoinRequest = z.infer<typeof JoinRequest>;

/** Owners and co-owners: pending requests, oldest first. */
export const JoinRequestListResponse = z.object({ requests: z.array(JoinRequest) });
export type JoinRequestListResponse = z.infer<typeof JoinRequestListResponse>;

/** A club card: the admin editor's 16 challenges and rules, with the card's own reset date. */
export const CreateClubCardBody = CreateGridBody.extend({
  resetDate: z
    .string({ error: messages.clubs.resetDateRequired })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, messages.clubs.resetDateRequired),
});
export type CreateClubCardBody = z.input<typeof CreateClubCardBody>;
/** The body as the server reads it, once parsed (issue 22: a rule's lists de-duplicated). */
export type ParsedClubCardBody = z.output<typeof CreateClubCardBody>;

export const ClubCardsResponse = z.object({ cards: z.array(GridSummary) });
export type ClubCardsResponse = z.infer<typeof ClubCardsResponse>;

export const CreateClubCardResponse = z.object({ card: GridSummary, message: z.string() });

/** Members only: members ranked by the points the club's cards earned them. */
export const ClubLeaderboardEntry = z.object({
  rank: z.number().int(),
  userId: z.string(),
  username: z.string(),
  points: z.number().int(),
  isViewer: z.boolean(),
});
export const ClubLeaderboardResponse = z.object({ entries: z.array(ClubLeaderboardEntry) });
export type ClubLeaderboardResponse = z.infer<typeof ClubLeaderboardResponse>;

export const ClubMessageResponse = z.object({ message: z.string() });
