import { z } from 'zod';

export const Role = z.enum(['guest', 'user', 'admin']);

/** The signed-in account as the browser sees it (SPEC.md section 3, in-app user). */
export const CurrentUser = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  name: z.string(),
  displayName: z.string(),
  role: Role,
  isAnonymous: z.boolean(),
  isAdmin: z.boolean(),
  points: z.number().int(),
  bio: z.string().nullable(),
  avatar: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

export const MeResponse = z.object({ user: CurrentUser.nullable() });
export type MeResponse = z.infer<typeof MeResponse>;
