import { messages } from './messages';

/**
 * The name a reader goes by on profiles, friend lists and posts (SPEC.md section 2): the
 * username as typed, else the account name, else 'User'.
 */
export function profileNameOf(user: {
  displayUsername: string | null | undefined;
  name: string | null | undefined;
}): string {
  return user.displayUsername?.trim() || user.name?.trim() || messages.profile.fallbackName;
}
