import { z } from 'zod';
import { JOIN_CODE_DAYS_DEFAULT, JOIN_CODE_DAYS_MAX } from '../join-code';
import { messages } from '../messages';
import { text } from './text';

/** Issue 24: an owner makes the club's join code; it lasts 1 to 30 days (7 by default). */
export const CreateJoinCodeBody = z.object({
  expiresInDays: z
    .number({ error: messages.clubCodes.expiryInvalid })
    .int(messages.clubCodes.expiryInvalid)
    .min(1, messages.clubCodes.expiryInvalid)
    .max(JOIN_CODE_DAYS_MAX, messages.clubCodes.expiryInvalid)
    .default(JOIN_CODE_DAYS_DEFAULT),
});
export type CreateJoinCodeBody = z.input<typeof CreateJoinCodeBody>;

/** What owners see of the club's live code: never the code itself after it was made. */
export const JoinCodeInfo = z.object({
  id: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type JoinCodeInfo = z.infer<typeof JoinCodeInfo>;

export const CreateJoinCodeResponse = z.object({
  joinCode: JoinCodeInfo,
  /** The code, 4KQ-7MX-A3D; only in this answer. */
  code: z.string(),
  message: z.string(),
});
export type CreateJoinCodeResponse = z.infer<typeof CreateJoinCodeResponse>;

export const JoinCodeResponse = z.object({ joinCode: JoinCodeInfo.nullable() });
export type JoinCodeResponse = z.infer<typeof JoinCodeResponse>;

/** A reader types a code; anything that is not a live code is answered as one wrong code. */
export const JoinByCodeBody = z.object({
  code: text({ max: 100, error: messages.clubCodes.required, tooLong: messages.clubCodes.invalid })
    .trim()
    .min(1, messages.clubCodes.required),
});
export type JoinByCodeBody = z.infer<typeof JoinByCodeBody>;
