import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { REVIEW_MAX } from '../../../../lib/limits';
import { messages } from '../../../../lib/messages';
import { PostReviewBody } from '../../../../lib/schemas/reviews';
import { notifyError, notifySuccessInGroup } from '../../../app/notify';
import { bookToastGroup } from '../book-toast-group';
import { BookCover } from '../../../components/book-cover';
import { Modal } from '../../../components/modal';
import { useSubmitGuard } from '../../../hooks/use-submit-guard';
import { StarRating } from '../../../components/star-rating';
import { errorText } from '../../../services/api-client';
import { OWN_PROFILE_KEY, POSTS_KEY } from '../../../services/query-keys';
import { postReview } from '../api/reviews-api';

export interface ReviewedBook {
  isbn: string;
  title: string;
  coverUrl: string;
}

interface ReviewModalProps {
  book: ReviewedBook;
  onClose: () => void;
  /**
   * Issue 26: offline, the review is kept with its waiting placement instead of posted; it is
   * posted once the placement is in.
   */
  onQueue?: (review: { text: string; rating: number }) => void;
}

/**
 * Offered after a book is placed (SPEC.md sections 2 and 5): a review of up to 2000 characters
 * with a live counter and a five-star rating. Submit Review stays disabled while the form is
 * invalid (the same schema the server checks) or sending; a failure keeps what was typed, and
 * closing it with text typed asks before throwing the text away.
 */
export function ReviewModal({ book, onClose, onQueue }: ReviewModalProps) {
  const formId = useId();
  const textId = useId();
  const counterId = useId();
  const [text, setText] = useState('');
  const [rating, setRating] = useState<number | null>(null);
  const [askingToDiscard, setAskingToDiscard] = useState(false);
  const sending = useSubmitGuard();

  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: postReview,
    onSuccess: (result) => {
      notifySuccessInGroup(bookToastGroup(book.isbn), result.message);
      // The review is a new post and a finished book: the feed and the profile show both.
      void queryClient.invalidateQueries({ queryKey: POSTS_KEY });
      void queryClient.invalidateQueries({ queryKey: OWN_PROFILE_KEY });
      onClose();
    },
    onError: (error) => {
      notifyError(errorText(error, messages.review.postFailed));
    },
  });

  const parsed = PostReviewBody.safeParse({ isbn: book.isbn, text, rating });
  const isSending = sending.pending || mutation.isPending;
  const canSubmit = parsed.success && !isSending;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!parsed.success) return;
    const body = parsed.data;
    if (onQueue) {
      onQueue({ text: body.text, rating: body.rating });
      onClose();
      return;
    }
    void sending.run(() => mutation.mutateAsync(body));
  }

  /** Escape, Close, the backdrop and Skip: a typed review is never thrown away without asking. */
  function handleDismiss() {
    if (text.trim() === '') onClose();
    else setAskingToDiscard(true);
  }

  return (
    <Modal
      title="Write a review"
      onClose={handleDismiss}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={handleDismiss}>
            Skip
          </button>
          <button
            type="submit"
            form={formId}
            className="button button--primary"
            disabled={!canSubmit}
          >
            {isSending ? 'Sending...' : 'Submit Review'}
          </button>
        </>
      }
    >
      <div className="review-book">
        <BookCover coverUrl={book.coverUrl} title={book.title} isbn={book.isbn} size="medium" />
        <p className="review-book__title">{book.title}</p>
      </div>
      <form id={formId} className="form review-form" noValidate onSubmit={handleSubmit}>
        <div className="field">
          <label htmlFor={textId} className="field__label">
            Your review
          </label>
          <textarea
            id={textId}
            className="field__input review-form__text"
            rows={6}
            maxLength={REVIEW_MAX}
            aria-describedby={counterId}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <p id={counterId} className="field__hint review-form__counter">
            {`${text.length}/${REVIEW_MAX}`}
          </p>
        </div>
        <StarRating label="Your rating" value={rating} onChange={setRating} disabled={isSending} />
      </form>
      {askingToDiscard ? (
        <Modal
          title={messages.review.discardTitle}
          role="alertdialog"
          onClose={() => setAskingToDiscard(false)}
          footer={
            <>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setAskingToDiscard(false)}
              >
                {messages.review.keepWriting}
              </button>
              <button type="button" className="button button--danger" onClick={onClose}>
                {messages.review.discard}
              </button>
            </>
          }
        >
          <p>{messages.review.discardText}</p>
        </Modal>
      ) : null}
    </Modal>
  );
}
