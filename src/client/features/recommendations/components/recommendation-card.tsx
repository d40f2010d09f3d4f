import { useId, useState, type CSSProperties, type Ref } from 'react';
import { messages } from '../../../../lib/messages';
import type { RecommendationBook, SwipeDirection } from '../../../../lib/schemas/recommendations';
import { BookCover } from '../../../components/book-cover';
import { useSwipeGesture } from '../hooks/use-swipe-gesture';
import { recommendationTexts as texts } from '../texts';

interface RecommendationCardProps {
  book: RecommendationBook;
  /** Set while the card flies off (300 ms): left for a dislike, right for a like. */
  leaving: SwipeDirection | null;
  onSwipe: (direction: SwipeDirection) => void;
  faceRef: Ref<HTMLButtonElement>;
}

/** How far the card tilts per pixel dragged. */
const TILT_DEG_PER_PX = 1 / 18;

/**
 * One recommendation (SPEC.md section 2): a big cover, title and author on a button that
 * shows and hides the click-for-description overlay, and that can be dragged sideways.
 * Render it with `key={book.isbn}`: each card starts closed and centred.
 */
export function RecommendationCard({ book, leaving, onSwipe, faceRef }: RecommendationCardProps) {
  const [isOpen, setIsOpen] = useState(false);
  const gesture = useSwipeGesture(onSwipe, leaving !== null);
  const descriptionId = useId();
  const hintId = useId();
  const author = book.authors || messages.book.unknown;

  const className = [
    'rec-card',
    isOpen ? 'rec-card--open' : '',
    gesture.isDragging ? 'rec-card--dragging' : '',
    leaving ? `rec-card--leaving-${leaving}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const style = {
    '--drag-x': `${gesture.offset}px`,
    '--drag-tilt': `${gesture.offset * TILT_DEG_PER_PX}deg`,
  } as CSSProperties;

  return (
    <article className={className} style={style}>
      <button
        ref={faceRef}
        type="button"
        className="rec-card__face"
        aria-label={`${book.title} by ${author}`}
        aria-describedby={hintId}
        aria-expanded={isOpen}
        aria-controls={descriptionId}
        onClick={() => {
          if (gesture.consumeDrag()) return;
          setIsOpen((open) => !open);
        }}
        {...gesture.handlers}
      >
        <BookCover coverUrl={book.coverUrl} title={book.title} isbn={book.isbn} size="large" />
        <span className="rec-card__title">{book.title}</span>
        <span className="rec-card__author">{author}</span>
        <span className="rec-card__hint" id={hintId}>
          {isOpen ? texts.hideDescription : texts.showDescription}
        </span>
      </button>
      {isOpen ? (
        // The overlay covers the face: a click on it closes it too (keyboard users press the
        // face again, which keeps the focus).
        <div id={descriptionId} className="rec-card__overlay" onClick={() => setIsOpen(false)}>
          {/* Title, author and hint repeat what the face already tells a screen reader. */}
          <p className="rec-card__overlay-title" aria-hidden="true">
            {book.title}
          </p>
          <p className="rec-card__overlay-author" aria-hidden="true">
            {author}
          </p>
          <p className="rec-card__description">{book.description || messages.book.noDescription}</p>
          <p className="rec-card__overlay-hint" aria-hidden="true">
            {texts.hideDescription}
          </p>
        </div>
      ) : null}
    </article>
  );
}
