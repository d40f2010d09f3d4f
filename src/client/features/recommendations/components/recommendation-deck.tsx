import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { SWIPE_ANIMATION_MS } from '../../../../lib/limits';
import type { SwipeDirection } from '../../../../lib/schemas/recommendations';
import { Spinner } from '../../../components/spinner';
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion';
import { useRecommendationDeck } from '../hooks/use-recommendation-deck';
import { useSwipeAction } from '../hooks/use-swipe-action';
import { recommendationTexts as texts } from '../texts';
import { DeckMessage } from './deck-message';
import { RecommendationCard } from './recommendation-card';

const KEY_DIRECTIONS: Partial<Record<string, SwipeDirection>> = {
  ArrowLeft: 'dislike',
  ArrowRight: 'like',
};

const CHOICE_EMOJIS: Record<SwipeDirection, string> = { dislike: '👎', like: '👍' };

/** One of the two buttons under the card; its name is the word, the emoji is decoration. */
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
      <span className="rec-deck__emoji" aria-hidden="true">
        {CHOICE_EMOJIS[direction]}
      </span>
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
