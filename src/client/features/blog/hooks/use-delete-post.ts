import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { messages } from '../../../../lib/messages';
import type { FeedResponse } from '../../../../lib/schemas/posts';
import { notifyError, notifySuccess } from '../../../app/notify';
import { errorText } from '../../../services/api-client';
import { deletePost, POSTS_KEY } from '../api/posts-api';

/**
 * Deletes one of the reader's own posts (SPEC.md section 6) and takes it out of every loaded
 * feed at once; the pages already loaded keep their cursors, so Load More still follows on.
 */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: (_answer, id) => {
      queryClient.setQueriesData<InfiniteData<FeedResponse, string | null>>(
        { queryKey: POSTS_KEY },
        (old) =>
          old && {
            ...old,
            pages: old.pages.map((page) => ({
              ...page,
              posts: page.posts.filter((post) => post.id !== id),
            })),
          },
      );
      notifySuccess(messages.blog.deleted);
    },
    onError: (error) => {
      notifyError(errorText(error, messages.blog.deleteFailed));
    },
  });
}
