import { USERNAME_MAX, USERNAME_MIN } from './limits';

const USERNAME_PATTERN = new RegExp(`^[A-Za-z0-9_]{${USERNAME_MIN},${USERNAME_MAX}}$`);

/** True when a username (already trimmed) follows the rules of SPEC.md section 5. */
export function isValidUsername(username: string): boolean {
  return USERNAME_PATTERN.test(username);
}

/**
 * The base of a generated username (SPEC.md section 5): the part of the email before the @
 * without characters other than letters, digits and underscore; 'user' if that leaves fewer
 * than 3; cut to 30.
 */
export function baseUsernameFromEmail(email: string): string {
  const local = email.split('@')[0] ?? '';
  const cleaned = local.replace(/[^A-Za-z0-9_]/g, '');
  const base = cleaned.length < USERNAME_MIN ? 'user' : cleaned;
  return base.slice(0, USERNAME_MAX);
}

/** Appends a random 4-digit suffix, keeping the whole within the 30-character limit. */
export function withRandomSuffix(base: string, random: () => number = Math.random): string {
  const suffix = String(Math.floor(random() * 9000) + 1000);
  return base.slice(0, USERNAME_MAX - suffix.length) + suffix;
}
