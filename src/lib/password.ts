import { PASSWORD_MIN } from './limits';
import { messages } from './messages';

/** The parts of the password policy (SPEC.md section 5), in the order the message lists them. */
export const PASSWORD_REQUIREMENTS = [
  { label: 'lowercase', test: (p: string) => /[a-z]/.test(p) },
  { label: 'uppercase', test: (p: string) => /[A-Z]/.test(p) },
  { label: 'numeric', test: (p: string) => /[0-9]/.test(p) },
  { label: 'special character', test: (p: string) => /[^A-Za-z0-9]/.test(p) },
  { label: `minimum length ${PASSWORD_MIN}`, test: (p: string) => p.length >= PASSWORD_MIN },
] as const;

/** Lists the requirements a password misses; empty when it meets the policy. */
export function findMissingPasswordParts(password: string): string[] {
  return PASSWORD_REQUIREMENTS.filter((r) => !r.test(password)).map((r) => r.label);
}

/** The weak-password message for what is missing, or null when the password is strong enough. */
export function describeWeakPassword(password: string): string | null {
  const missing = findMissingPasswordParts(password);
  if (missing.length === 0) return null;
  return `${messages.auth.weakPasswordPrefix} ${missing.join(', ')}`;
}
