import { CHALLENGE_LABEL_MAX } from './limits';

/**
 * The shared grid the admin form starts from (SPEC.md section 9). Order is the
 * card's order: index 0 is the top-left square, 15 the bottom-right.
 */
export const DEFAULT_GRID_TITLE = 'May Reading Challenge';

export const DEFAULT_CHALLENGES = [
  'A book published in your birth year',
  'A book of poetry',
  'A book by a debut author',
  'A classic',
  'A non-fiction book',
  'A book published 50 years ago',
  'A book not set on Earth',
  'An award-winning book',
  "A children's book",
  "A friend's favourite book",
  'A book translated from Spanish',
  'A book by a female author',
  'A book under 100 pages',
  'A book with a title of 7 or more words',
  'Use a cookbook',
  'A book by an author who shares your name',
] as const;

/**
 * Issue 22: the short label each default challenge carries, by position, beside its text. The
 * phone card shows labels in its squares (a card is read at a glance); the full text stays in the
 * square's sheet and in its accessible name. Each fits CHALLENGE_LABEL_MAX and, word by word,
 * a 320 px phone's square even in a wide font (DejaVu Sans Bold: no word over about 7 letters).
 */
export const DEFAULT_CHALLENGE_LABELS = [
  'Birth year',
  'Poetry',
  'Debut author',
  'Classic',
  'Non-fiction',
  '50 years old',
  'Not on Earth',
  'Award winner',
  "Kids' book",
  "Friend's pick",
  'From Spanish',
  'Female author',
  'Under 100 pages',
  '7+ word title',
  'Cooking',
  'Shares your name',
] as const;

/** A leading article, and a leading "book" with the little word that ties it to the rest. */
const LEADING_ARTICLE = /^(?:a|an|the)\s+/i;
const LEADING_BOOK = /^(?:books?|novels?)\s+(?:(?:of|by|with|about|from|in|on|that|which)\s+)?/i;
/** Words a cut label should not end on. */
const TRAILING_SMALL_WORDS = new Set([
  'a',
  'an',
  'the',
  'of',
  'by',
  'in',
  'on',
  'to',
  'with',
  'from',
  'and',
  'or',
  'for',
  'at',
]);
const BARE_BOOK = /^(?:books?|novels?)$/i;
const ELLIPSIS = '…';

/**
 * The label a challenge gets when its creator leaves the field blank (and what migration 012
 * wrote for older cells): a default challenge's own label; otherwise the text without a leading
 * article and "book of/by/...", as many whole words as fit CHALLENGE_LABEL_MAX, never ending
 * on a little word, with an ellipsis when words were left out, and its first letter capital.
 */
export function deriveChallengeLabel(challenge: string): string {
  const text = challenge.trim().replace(/\s+/g, ' ');
  const defaultIndex = (DEFAULT_CHALLENGES as readonly string[]).indexOf(text);
  if (defaultIndex >= 0) return DEFAULT_CHALLENGE_LABELS[defaultIndex]!;
  if (text.length === 0) return ELLIPSIS;
  const stripped = text
    .replace(LEADING_ARTICLE, '')
    .replace(LEADING_BOOK, '')
    .replace(LEADING_ARTICLE, '');
  // "A book" alone says nothing shorter than itself.
  const core = stripped.length > 0 && !BARE_BOOK.test(stripped) ? stripped : text;
  const capital = core.charAt(0).toUpperCase() + core.slice(1);
  if (capital.length <= CHALLENGE_LABEL_MAX) return capital;

  const words = capital.split(' ');
  const kept: string[] = [];
  for (const word of words) {
    const next = [...kept, word].join(' ');
    if (next.length + ELLIPSIS.length > CHALLENGE_LABEL_MAX) break;
    kept.push(word);
  }
  while (kept.length > 1 && TRAILING_SMALL_WORDS.has(kept.at(-1)!.toLowerCase())) kept.pop();
  // One word longer than the limit: its start, cut.
  if (kept.length === 0)
    return `${capital.slice(0, CHALLENGE_LABEL_MAX - ELLIPSIS.length)}${ELLIPSIS}`;
  return `${kept.join(' ')}${ELLIPSIS}`;
}

/** The label a cell is stored with: the creator's, trimmed, or a derived one when blank. */
export function challengeLabelOf(challenge: string, label: string | null | undefined): string {
  const written = label?.trim() ?? '';
  return written.length > 0 ? written : deriveChallengeLabel(challenge);
}
