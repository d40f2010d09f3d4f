import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { messages } from '../../../../lib/messages';
import type { FeedResponse } from '../../../../lib/schemas/posts';
import { notifyError, notifySuccess } from '../../../app/notify';
import { errorText } from '../../../services/api-client';
import { setHiddenInClubFeed } from '../../reports/api/reports-api';
import { POSTS_KEY } from '../api/posts-api';

/**
 * Issue 23: a club owner hides a post from their club's feed, or shows it there again. The
 * owners keep seeing a hidden post in that feed, marked (the server sends it to them alone), so
 * the loaded pages only change its mark; the members' feeds leave it out.
 */
export function useHideFromClub(clubId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, hidden }: { postId: string; hidden: boolean }) =>
      setHiddenInClubFeed(clubId ?? '', postId, hidden),
    onSuccess: (answer, { postId, hidden }) => {
      queryClient.setQueriesData<InfiniteData<FeedResponse, string | null>>(
        { queryKey: [...POSTS_KEY, 'club', clubId] },
        (old) =>
          old && {
            ...old,
            pages: old.pages.map((page) => ({
              ...page,
              posts: page.posts.map((post) =>
                post.id === postId ? { ...post, hiddenInClub: hidden } : post,
              ),
            })),
          },
      );
      const fallback = hidden ? messages.reporting.hiddenFromClub : messages.reporting.shownInClub;
      notifySuccess(answer.message || fallback);
    },
    onError: (error) => {
      notifyError(errorText(error, messages.adminPage.actionFailed));
    },
  });
}
