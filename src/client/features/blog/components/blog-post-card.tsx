import { useId } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../../lib/messages';
import type { FeedPost } from '../../../../lib/schemas/posts';
import { BookCover } from '../../../components/book-cover';
import { StarRating } from '../../../components/star-rating';
import { ReportButton } from '../../reports/components/report-button';
import '../../reports/reports.css';
import { PostBody } from './post-body';

function formatPostDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'medium' });
}

interface BlogPostCardProps {
  post: FeedPost;
  /** Only for the reader's own posts (SPEC.md section 6). */
  onDelete?: (post: FeedPost) => void;
  /**
   * Issue 23: on a club's feed, for its owners: "Hide from club feed", or "Show in club feed"
   * on a post they hid (`hiddenInClub`).
   */
  onSetHiddenInClub?: (post: FeedPost, hidden: boolean) => void;
}

/** Issue 23: a moderator hid it; only its author is sent it, marked `hidden`. */
function isHiddenByModerator(post: FeedPost): boolean {
  return (post as FeedPost & { hidden?: boolean }).hidden === true;
}

/** One review: cover, book title, who wrote it and when, the body and 'Rating: n/5'. */
export function BlogPostCard({ post, onDelete, onSetHiddenInClub }: BlogPostCardProps) {
  const hiddenInClub = post.hiddenInClub === true;
  const titleId = useId();
  const authorLink = post.isOwn ? '/profile' : `/friend/${encodeURIComponent(post.userId)}`;
  return (
    <article className="post" aria-labelledby={titleId}>
      <BookCover
        coverUrl={post.coverUrl}
        title={post.bookTitle}
        isbn={post.bookIsbn}
        size="medium"
      />
      <div className="post__main">
        <h2 id={titleId} className="post__title">
          <Link to={`/book/${encodeURIComponent(post.bookIsbn)}`}>{post.bookTitle}</Link>
        </h2>
        <p className="post__meta">
          <Link to={authorLink} className="post__author">
            {post.username}
          </Link>
          <span aria-hidden="true"> · </span>
          <time dateTime={post.createdAt}>{formatPostDate(post.createdAt)}</time>
        </p>
        {isHiddenByModerator(post) ? (
          <p className="post-hidden-notice">
            {messages.reporting.hiddenByModerator}
            <span className="visually-hidden">. {messages.reporting.hiddenExplained}</span>
          </p>
        ) : null}
        {hiddenInClub ? (
          <p className="post-hidden-notice">
            {messages.reporting.hiddenInClubNotice}
            <span className="visually-hidden">. {messages.reporting.hiddenInClubExplained}</span>
          </p>
        ) : null}
        <PostBody html={post.body} />
        <p className="post__rating">
          <span>{messages.blog.rating(post.rating)}</span>
          <span aria-hidden="true">
            <StarRating value={post.rating} label="Rating" />
          </span>
        </p>
        <div className="post__actions">
          {onDelete ? (
            <button
              type="button"
              className="post__delete link-button"
              onClick={() => onDelete(post)}
            >
              Delete post
            </button>
          ) : null}
          {onSetHiddenInClub && (hiddenInClub || !post.isOwn) ? (
            // One button that changes its words, so the focus stays on it after either action.
            <button
              type="button"
              className="link-button report-button"
              aria-label={
                hiddenInClub
                  ? messages.reporting.showInClubLabel(post.bookTitle)
                  : messages.reporting.hideFromClubLabel(post.bookTitle)
              }
              onClick={() => onSetHiddenInClub(post, !hiddenInClub)}
            >
              {hiddenInClub ? messages.reporting.showInClub : messages.reporting.hideFromClub}
            </button>
          ) : null}
          {post.isOwn ? null : (
            <ReportButton
              targetType="post"
              targetId={post.id}
              ownerId={post.userId}
              label={messages.reporting.reportPost(post.bookTitle)}
            />
          )}
        </div>
      </div>
    </article>
  );
}
