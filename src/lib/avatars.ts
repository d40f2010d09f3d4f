/**
 * The four preset profile pictures (SPEC.md section 2, Edit Profile). A profile without one
 * (avatar null) shows the generated placeholder (SPEC.md section 9).
 */
export const AVATARS = [
  { id: 'classic-bookworm', name: 'Classic Bookworm' },
  { id: 'modern-reader', name: 'Modern Reader' },
  { id: 'fantasy-fan', name: 'Fantasy Fan' },
  { id: 'mystery-lover', name: 'Mystery Lover' },
] as const;

export type AvatarId = (typeof AVATARS)[number]['id'];

export const AVATAR_IDS = AVATARS.map((avatar) => avatar.id) as [AvatarId, ...AvatarId[]];

/** True when `value` names one of the preset avatars. */
export function isAvatarId(value: unknown): value is AvatarId {
  return typeof value === 'string' && (AVATAR_IDS as readonly string[]).includes(value);
}
