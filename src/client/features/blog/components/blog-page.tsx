import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { messages } from '../../../../lib/messages';
import type { FeedFilter, FeedPost } from '../../../../lib/schemas/posts';
import { notifyError } from '../../../app/notify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadError } from '../../../components/load-error';
import { Spinner } from '../../../components/spinner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { ApiError, errorText } from '../../../services/api-client';
import { feedQueryOptions, myClubsQueryOptions } from '../api/posts-api';
import { FEED_FILTERS } from '../feed-filters';
import { useDeletePost } from '../hooks/use-delete-post';
import { useHideFromClub } from '../hooks/use-hide-from-club';
import { isOwner } from '../../clubs/club-roles';
import { BlogPostCard } from './blog-post-card';

/** A club's entry in the dropdown: one select value per club (issue 12). */
const CLUB_VALUE_PREFIX = 'club:';

function toFilter(value: string | null, clubId: string | null): FeedFilter {
  if (value === 'club') return clubId ? 'club' : 'all';
  return value === 'friends' || value === 'mine' ? value : 'all';
}

/**
 * The review feed (`/blog?filter=all|friends|mine`, or `?filter=club&clubId=` for a club's
 * members' posts, issue 12): ten posts a page with Load More, newest first. The filter lives in
 * the URL, so the menu, the dropdown and the back button agree.
 */
export function BlogPage() {
  useDocumentTitle('Blog');
  const filterId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const clubParam = searchParams.get('clubId');
  const filter = toFilter(searchParams.get('filter'), clubParam);
  const clubId = filter === 'club' ? clubParam : null;
  const feed = useInfiniteQuery(feedQueryOptions(filter, clubId));
  const clubs = useQuery(myClubsQueryOptions).data?.clubs ?? [];
  // A club not (or not yet) in the list, from a link, still has its entry while it is chosen.
  const clubOptions =
    clubId && !clubs.some((club) => club.id === clubId)
      ? [...clubs, { id: clubId, name: '' }]
      : clubs;
  const deletion = useDeletePost();
  // Issue 23: an owner of the chosen club may hide a post from its feed and show it again; the
  // owners are sent the posts they hid, marked, so the post (and the focus on its button) stays.
  const ownsClub = clubs.some((club) => club.id === clubId && isOwner(club));
  const clubHide = useHideFromClub(clubId);
  const [toDelete, setToDelete] = useState<FeedPost | null>(null);

  async function handleLoadMore() {
    const result = await feed.fetchNextPage();
    if (result.isFetchNextPageError) {
      notifyError(errorText(result.error, messages.blog.loadMoreFailed));
    }
  }

  let body;
  if (feed.isPending) {
    const loading = filter === 'friends' ? messages.blog.loadingFriends : messages.blog.loadingBlog;
    body = <Spinner label={loading} showLabel />;
  } else if (!feed.data) {
    // A club's posts are for its members: a link to another club's says so (issue 12).
    const refused =
      filter === 'club' && feed.error instanceof ApiError && feed.error.status === 403;
    body = (
      <LoadError
        error={feed.error}
        fallback={refused ? feed.error.message : messages.blog.loadFailed}
      />
    );
  } else {
    const posts = feed.data.pages.flatMap((page) => page.posts);
    if (posts.length === 0 && !feed.hasNextPage) {
      body = (
        <p className="empty">
          {filter === 'friends' ? messages.blog.noFriendsPosts : messages.blog.noPosts}
        </p>
      );
    } else {
      body = (
        <>
          <ol className="post-list">
            {posts.map((post) => (
              <li key={post.id}>
                <BlogPostCard
                  post={post}
                  onDelete={post.isOwn ? setToDelete : undefined}
                  onSetHiddenInClub={
                    ownsClub
                      ? (chosen, hidden) => clubHide.mutate({ postId: chosen.id, hidden })
                      : undefined
                  }
                />
              </li>
            ))}
          </ol>
          {feed.hasNextPage ? (
            <button
              type="button"
              className="button button--secondary blog__more"
              disabled={feed.isFetchingNextPage}
              onClick={() => {
                void handleLoadMore();
              }}
            >
              {feed.isFetchingNextPage ? 'Loading...' : 'Load More'}
            </button>
          ) : (
            <p className="blog__end">{messages.blog.noMorePosts}</p>
          )}
        </>
      );
    }
  }

  return (
    <div className="page blog">
      <div className="blog__header">
        <h1>Blog</h1>
        <div className="blog__filter">
          <label htmlFor={filterId} className="field__label">
            Show
          </label>
          <select
            id={filterId}
            className="field__input blog__select"
            value={clubId ? `${CLUB_VALUE_PREFIX}${clubId}` : filter}
            onChange={(event) => {
              const value = event.target.value;
              setSearchParams(
                value.startsWith(CLUB_VALUE_PREFIX)
                  ? { filter: 'club', clubId: value.slice(CLUB_VALUE_PREFIX.length) }
                  : { filter: value },
              );
            }}
          >
            {FEED_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
            {clubOptions.map((club) => (
              <option key={club.id} value={`${CLUB_VALUE_PREFIX}${club.id}`}>
                {messages.clubs.postsFilter(club.name || '…')}
              </option>
            ))}
          </select>
        </div>
      </div>
      {body}
      {toDelete ? (
        <ConfirmDialog
          title="Delete Post"
          question={`Are you sure you want to delete your review of "${toDelete.bookTitle}"?`}
          isBusy={deletion.isPending}
          onCancel={() => setToDelete(null)}
          onConfirm={() => deletion.mutateAsync(toDelete.id).finally(() => setToDelete(null))}
        />
      ) : null}
    </div>
  );
}
