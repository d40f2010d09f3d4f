/**
 * Club join codes (issue 24): nine characters from a 23-character alphabet without look-alikes
 * (none of 0/O, 1/I/L, 2/Z, 5/S, 8/B, U/V: each pair is left out whole), shown as 4KQ-7MX-A3D.
 * 23^9 = 1,801,152,661,463 codes, about 40.7 bits; see docs/SECURITY.md for why that, with a
 * club's single live code and the guess limits, makes enumeration hopeless.
 */
export const JOIN_CODE_ALPHABET = '34679ACDEFGHJKMNPQRTWXY';
export const JOIN_CODE_LENGTH = 9;
/** A code lasts 1 to 30 days (7 unless the owner says otherwise); it always expires. */
export const JOIN_CODE_DAYS_MAX = 30;
export const JOIN_CODE_DAYS_DEFAULT = 7;
/** Codes an owner may make an hour (each new one revokes the club's previous one). */
export const JOIN_CODES_PER_HOUR = 20;
/** Code guesses (right or wrong) one account may make an hour. */
export const JOIN_CODE_GUESSES_PER_ACCOUNT_HOUR = 10;
/** Code guesses one address may make an hour, whatever accounts it signs in as (a class of 30). */
export const JOIN_CODE_GUESSES_PER_ADDRESS_HOUR = 60;

/**
 * The code a reader typed, in its stored form (nine capitals of the alphabet), or null when it
 * cannot be a code: case is ignored, and so are spaces and dashes between the characters.
 */
export function normalizeJoinCode(typed: string): string | null {
  const compact = typed.toUpperCase().replace(/[\s-]/g, '');
  if (compact.length !== JOIN_CODE_LENGTH) return null;
  for (const char of compact) if (!JOIN_CODE_ALPHABET.includes(char)) return null;
  return compact;
}

/** The stored form shown to people: three groups of three, 4KQ-7MX-A3D. */
export function formatJoinCode(code: string): string {
  return code.match(/.{1,3}/g)?.join('-') ?? code;
}
