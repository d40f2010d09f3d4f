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
