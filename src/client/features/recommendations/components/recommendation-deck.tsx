import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { SWIPE_ANIMATION_MS } from '../../../../lib/limits';
import type { SwipeDirection } from '../../../../lib/schemas/recommendations';
import { Spinner } from '../../../components/spinner';
import { usePrefersReducedMotion } from '../../../hooks/use-media-query';
import { useRecommendationDeck } from '../hooks/use-recommendation-deck';
import { useSwipeAction } from '../hooks/use-swipe-action';
import { recommendationTexts as texts } from '../texts';
import { DeckMessage } from './deck-message';
import { RecommendationCard } from './recommendation-card';

const KEY_DIRECTIONS: Partial<Record<string, SwipeDirection>> = {
  ArrowLeft: 'dislike',
  ArrowRight: 'like',
};

/** Thumbs down and up, outlined in currentColor. */
const CHOICE_ICON_PATHS: Record<SwipeDirection, string> = {
  dislike:
    'M10 15v4a3 3 0 0 0 3 3l4-9V2H5.72a2 2 0 0 0-2 1.7l-1.38 9a2 2 0 0 0 2 2.3zm7-13h2.67A2.31 2.31 0 0 1 22 4v7a2.31 2.31 0 0 1-2.33 2H17',
  like: 'M14 9V5a3 3 0 0 0-3-3l-4 9v11h11.28a2 2 0 0 0 2-1.7l1.38-9a2 2 0 0 0-2-2.3zM7 22H4a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2h3',
};

/** Drawn inline (issue 9): an emoji is an empty box where no emoji font is installed. */
function ChoiceIcon({ direction }: { direction: SwipeDirection }) {
  return (
    <svg
      className="rec-deck__icon"
      viewBox="0 0 24 24"
      width="28"
      height="28"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={CHOICE_ICON_PATHS[direction]} />
    </svg>
  );
}

/** One of the two buttons under the card; its name is the word, the icon is decoration. */
function ChoiceButton({
  direction,
  onSwipe,
}: {
  direction: SwipeDirection;
  onSwipe: (direction: SwipeDirection) => void;
}) {
  return (
    <button
      type="button"
      className={`rec-deck__choice rec-deck__choice--${direction}`}
      aria-label={texts[direction]}
      onClick={() => onSwipe(direction)}
    >
      <ChoiceIcon direction={direction} />
      <span className="rec-deck__word" aria-hidden="true">
        {texts[direction]}
      </span>
    </button>
  );
}

/**
 * The cards (SPEC.md sections 2 and 4): one book at a time, disliked or liked with the
 * buttons, the arrow keys (while the card area has focus) or a swipe. The card flies off for
 * 300 ms (at once under reduced motion), then the next one shows; each choice is announced.
 */
export function RecommendationDeck() {
  const deck = useRecommendationDeck();
  const swipeAction = useSwipeAction();
  const reducedMotion = usePrefersReducedMotion();
  const [leaving, setLeaving] = useState<{ isbn: string; direction: SwipeDirection } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const hintId = useId();
  const faceRef = useRef<HTMLButtonElement>(null);
  const timerRef = useRef<number | null>(null);
  /** The card's face had focus when it left: the next card's face takes it. */
  const refocusRef = useRef(false);
  const top = deck.cards[0];
  const topIsbn = top?.isbn;

  useEffect(
    () => () => {
      if (timerRef.current !== null) window.clearTimeout(timerRef.current);
    },
    [],
  );

  useEffect(() => {
    if (!refocusRef.current) return;
    refocusRef.current = false;
    faceRef.current?.focus();
  }, [topIsbn]);

  const { settleSwipe } = deck;
  function swipe(direction: SwipeDirection) {
    if (!top || leaving) return;
    const book = top;
    refocusRef.current = document.activeElement === faceRef.current;
    setLeaving({ isbn: book.isbn, direction });
    setAnnouncement(direction === 'like' ? texts.liked(book.title) : texts.disliked(book.title));
    swipeAction.mutate({ book, direction });
    const finish = () => {
      timerRef.current = null;
      setLeaving(null);
      settleSwipe(book, direction);
    };
    if (reducedMotion) finish();
    else timerRef.current = window.setTimeout(finish, SWIPE_ANIMATION_MS);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLElement>) {
    const direction = KEY_DIRECTIONS[event.key];
    if (!direction) return;
    event.preventDefault();
    swipe(direction);
  }

  let body;
  if (top) {
    body = (
      <section
        className="rec-deck"
        aria-label={texts.deckLabel}
        aria-describedby={hintId}
        tabIndex={0}
        onKeyDown={handleKeyDown}
      >
        <div className="rec-deck__stack">
          {deck.cards.length > 1 ? <div className="rec-deck__next" aria-hidden="true" /> : null}
          <RecommendationCard
            key={top.isbn}
            book={top}
            leaving={leaving?.isbn === top.isbn ? leaving.direction : null}
            onSwipe={swipe}
            faceRef={faceRef}
          />
        </div>
        <div className="rec-deck__actions">
          <ChoiceButton direction="dislike" onSwipe={swipe} />
          <ChoiceButton direction="like" onSwipe={swipe} />
        </div>
        <p className="rec-deck__hint" id={hintId}>
          {texts.deckHint}
        </p>
      </section>
    );
  } else if (deck.isWaiting || !deck.outcome) {
    body = <Spinner label={texts.loading} showLabel />;
  } else {
    const { outcome } = deck;
    body = (
      <DeckMessage
        message={outcome.message}
        tone={outcome.kind === 'error' ? 'error' : 'info'}
        onRefresh={outcome.kind === 'empty' ? undefined : deck.refresh}
      />
    );
  }

  return (
    <>
      {body}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
