import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '../../../../lib/messages';
import type { RecommendationBook, SwipeDirection } from '../../../../lib/schemas/recommendations';
import { notifyError, notifyInfo, notifySuccess } from '../../../app/notify';
import { ApiError, errorText } from '../../../services/api-client';
import { OWN_PROFILE_KEY } from '../../../services/query-keys';
import { sendSwipe } from '../api/recommendations-api';

interface SwipeVariables {
  book: RecommendationBook;
  direction: SwipeDirection;
}

/**
 * Tells the server about a swipe. A like lists the book to read ('Book added to want to read
 * list!'; already listed is news, not a failure); a dislike is silent unless it fails.
 */
export function useSwipeAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ book, direction }: SwipeVariables) => sendSwipe(book.isbn, direction),
    onSuccess: (result, { direction }) => {
      if (direction !== 'like') return;
      notifySuccess(result.message ?? messages.wantToRead.added);
      void queryClient.invalidateQueries({ queryKey: OWN_PROFILE_KEY });
    },
    onError: (error, { direction }) => {
      if (error instanceof ApiError && error.status === 409) {
        notifyInfo(error.message);
        return;
      }
      const fallback =
        direction === 'like' ? messages.wantToRead.addFailed : messages.generic.actionFailed;
      notifyError(errorText(error, fallback));
    },
  });
}
