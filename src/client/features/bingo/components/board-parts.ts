/**
 * The card's modals, loaded on first use (components/lazy-part.tsx, issue 9): the search sheet
 * and the review form bring zod and the book and review schemas, which the card's first paint
 * does not need.
 */
import { lazyPart } from '../../../components/lazy-part';

export const SearchModal = lazyPart(() => import('./search-modal').then((m) => m.SearchModal));
export const ReviewModal = lazyPart(() => import('./review-modal').then((m) => m.ReviewModal));

/** Loads every modal of the card now (tests open them at once). */
export function preloadBoardParts(): Promise<unknown> {
  return Promise.all([SearchModal.preload(), ReviewModal.preload()]);
}
