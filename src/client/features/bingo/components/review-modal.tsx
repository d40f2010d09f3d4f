import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { REVIEW_MAX } from '../../../../lib/limits';
import { messages } from '../../../../lib/messages';
import { PostReviewBody } from '../../../../lib/schemas/reviews';
import { notifyError, notifySuccess } from '../../../app/notify';
import { BookCover } from '../../../components/book-cover';
import { Modal } from '../../../components/modal';
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
}

/**
 * Offered after a book is placed (SPEC.md sections 2 and 5): a review of up to 2000 characters
 * with a live counter and a five-star rating. Submit Review stays disabled while the form is
 * invalid (the same schema the server checks) or sending; a failure keeps what was typed.
 */
export function ReviewModal({ book, onClose }: ReviewModalProps) {
  const formId = useId();
  const textId = useId();
  const counterId = useId();
  const [text, setText] = useState('');
  const [rating, setRating] = useState<number | null>(null);

  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: postReview,
    onSuccess: (result) => {
      notifySuccess(result.message);
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
  const canSubmit = parsed.success && !mutation.isPending;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (parsed.success && !mutation.isPending) mutation.mutate(parsed.data);
  }

  return (
    <Modal
      title="Write a review"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Skip
          </button>
          <button
            type="submit"
            form={formId}
            className="button button--primary"
            disabled={!canSubmit}
          >
            {mutation.isPending ? 'Sending...' : 'Submit Review'}
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
        <StarRating
          label="Your rating"
          value={rating}
          onChange={setRating}
          disabled={mutation.isPending}
        />
      </form>
    </Modal>
  );
}
