import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { messages } from '../../../../lib/messages';
import type { FeedResponse } from '../../../../lib/schemas/posts';
import { notifyError, notifySuccess } from '../../../app/notify';
import { errorText } from '../../../services/api-client';
import { hideFromClubFeed } from '../../reports/api/reports-api';
import { POSTS_KEY } from '../api/posts-api';

/**
 * Issue 23: a club owner hides a post from their club's feed; it leaves that feed's loaded pages
 * at once (the author's own post stays everywhere else).
 */
export function useHideFromClub(clubId: string | null, onHidden?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => hideFromClubFeed(clubId ?? '', postId),
    onSuccess: (answer, postId) => {
      queryClient.setQueriesData<InfiniteData<FeedResponse, string | null>>(
        { queryKey: [...POSTS_KEY, 'club', clubId] },
        (old) =>
          old && {
            ...old,
            pages: old.pages.map((page) => ({
              ...page,
              posts: page.posts.filter((post) => post.id !== postId),
            })),
          },
      );
      notifySuccess(answer.message || messages.reporting.hiddenFromClub);
      onHidden?.();
    },
    onError: (error) => {
      notifyError(errorText(error, messages.adminPage.actionFailed));
    },
  });
}
