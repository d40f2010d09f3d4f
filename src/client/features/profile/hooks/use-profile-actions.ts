import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '../../../../lib/messages';
import type { FinishedBooksResponse, WantToReadResponse } from '../../../../lib/schemas/library';
import type { ProfileResponse } from '../../../../lib/schemas/profile';
import { notifyError, notifySuccess } from '../../../app/notify';
import { ME_QUERY_KEY } from '../../../services/session-api';
import { errorText } from '../../../services/api-client';
import {
  finishedBooksQueryOptions,
  profileQueryOptions,
  rateFinishedBook,
  removeFinishedBook,
  removeWantToRead,
  updateProfile,
  wantToReadQueryOptions,
} from '../api/profile-api';

/**
 * Saves the Edit Profile form. Failures are left to the caller, whose modal stays open with what
 * was typed; success updates the card at once and the signed-in user (its name and picture).
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async ({ profile }) => {
      queryClient.setQueryData<ProfileResponse>(profileQueryOptions.queryKey, (old) =>
        old ? { ...old, profile } : old,
      );
      notifySuccess(messages.profile.updated);
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
    onError: (error) => {
      notifyError(errorText(error, messages.profile.updateFailed));
    },
  });
}

/** Rates a finished book in place (My Books). */
export function useRateFinishedBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ isbn, rating }: { isbn: string; rating: number }) =>
      rateFinishedBook(isbn, rating),
    onSuccess: ({ book }) => {
      queryClient.setQueryData<FinishedBooksResponse>(finishedBooksQueryOptions.queryKey, (old) =>
        old
          ? { ...old, books: old.books.map((each) => (each.isbn === book.isbn ? book : each)) }
          : old,
      );
      notifySuccess(messages.book.ratingUpdated);
    },
    onError: (error) => {
      notifyError(errorText(error, messages.book.ratingUpdateFailed));
    },
  });
}

/** Removes a finished book; the stats (books read, streak, last read) change with it. */
export function useRemoveFinishedBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFinishedBook,
    onSuccess: async (_answer, isbn) => {
      queryClient.setQueryData<FinishedBooksResponse>(finishedBooksQueryOptions.queryKey, (old) =>
        old
          ? {
              books: old.books.filter((book) => book.isbn !== isbn),
              count: Math.max(0, old.count - 1),
            }
          : old,
      );
      notifySuccess(messages.book.removed);
      await queryClient.invalidateQueries({ queryKey: profileQueryOptions.queryKey });
    },
    onError: (error) => {
      notifyError(errorText(error, messages.book.removeFailed));
    },
  });
}

/** Removes a book from the want-to-read list, and from the count in the tab's label. */
export function useRemoveWantToRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeWantToRead,
    onSuccess: (_answer, isbn) => {
      queryClient.setQueryData<WantToReadResponse>(wantToReadQueryOptions.queryKey, (old) =>
        old
          ? {
              books: old.books.filter((book) => book.isbn !== isbn),
              count: Math.max(0, old.count - 1),
            }
          : old,
      );
      queryClient.setQueryData<ProfileResponse>(profileQueryOptions.queryKey, (old) =>
        old
          ? {
              ...old,
              counts: { ...old.counts, wantToRead: Math.max(0, old.counts.wantToRead - 1) },
            }
          : old,
      );
      notifySuccess(messages.wantToRead.removed);
    },
    onError: (error) => {
      notifyError(errorText(error, messages.wantToRead.removeFailed));
    },
  });
}
