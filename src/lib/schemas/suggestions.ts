import { z } from 'zod';
import { normalizeIsbn } from '../isbn';
import { messages } from '../messages';

/** Where a suggested book comes from, in the order they are offered (issue 11). */
export const SuggestionSource = z.enum(['wantToRead', 'finished', 'catalogue']);
export type SuggestionSource = z.infer<typeof SuggestionSource>;

export const Suggestion = z.object({
  isbn: z.string(),
  title: z.string(),
  authors: z.string(),
  coverUrl: z.string(),
  source: SuggestionSource,
  /** Why it fits: "96 pages: under 100". */
  reason: z.string(),
  /** Placing it here would use the grid's one wildcard (it is on another square already). */
  usesWildcard: z.boolean(),
});
export type Suggestion = z.infer<typeof Suggestion>;

export const SquareSuggestions = z.object({
  cellId: z.string(),
  position: z.number().int(),
  /** Points placing a book here earns now: 10, plus 50 a line it completes, plus 100 the card. */
  points: z.number().int(),
  /** False for a free-text square, which the server cannot check. */
  checkable: z.boolean(),
  suggestions: z.array(Suggestion),
  /**
   * Issue 12: why a checkable square offers nothing, when the reader can change it: the rule
   * reads a fact of theirs not set yet (messages.fit.needBirthYear, needFirstName); else null.
   */
  hint: z.string().nullable(),
});
export type SquareSuggestions = z.infer<typeof SquareSuggestions>;

export const SuggestionsQuery = z.object({ cellId: z.string().min(1).max(100).optional() });

export const SuggestionsResponse = z.object({ squares: z.array(SquareSuggestions) });
export type SuggestionsResponse = z.infer<typeof SuggestionsResponse>;

export const CellParams = z.object({ cellId: z.string().min(1).max(100) });
export const FitQuery = z.object({
  isbn: z
    .string({ error: messages.bingo.invalidIsbn })
    .refine((isbn) => normalizeIsbn(isbn) !== null, { error: messages.bingo.invalidIsbn }),
});

/** Whether a book meets a square's rule; `meets`/`fails`/`unknown`, or `none` for free text. */
export const FitResponse = z.object({
  status: z.enum(['meets', 'fails', 'unknown', 'none']),
  reason: z.string().nullable(),
});
export type FitResponse = z.infer<typeof FitResponse>;

/** A finished book matched to an empty square of the current card. */
export const FittingBook = z.object({
  cellId: z.string(),
  position: z.number().int(),
  challenge: z.string(),
  isbn: z.string(),
  title: z.string(),
  reason: z.string(),
  points: z.number().int(),
});
export type FittingBook = z.infer<typeof FittingBook>;

export const FittingBooksResponse = z.object({
  books: z.array(FittingBook),
  /** "N of your books fit squares on your card", or null when none do. */
  message: z.string().nullable(),
});
export type FittingBooksResponse = z.infer<typeof FittingBooksResponse>;

export const PlaceFittingBooksResponse = z.object({
  placed: z.number().int(),
  totalPoints: z.number().int(),
  message: z.string(),
});
export type PlaceFittingBooksResponse = z.infer<typeof PlaceFittingBooksResponse>;
