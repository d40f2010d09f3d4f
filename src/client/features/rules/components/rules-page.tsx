import { Link } from 'react-router';
import {
  CELL_COUNT,
  GRID_SIZE,
  LEADERBOARD_TOP,
  POINTS_FOR_FULL_CARD,
  POINTS_PER_LINE,
  POINTS_PER_SQUARE,
  WILDCARDS_PER_GRID,
} from '../../../../lib/limits';
import { useDocumentTitle } from '../../../hooks/use-document-title';

/** Where the 'Support the Developers' section sends people; an external page, opened in a new tab. */
export const DONATION_URL = 'https://ko-fi.com/hedgehogreadingbingo';

/** How to play (SPEC.md section 2): six sections, numbers from src/lib/limits. */
export function RulesPage() {
  useDocumentTitle('Rules');
  return (
    <article className="rules">
      <h1>How to play Hedgehog Reading Bingo</h1>
      <p className="rules__lead">
        Hedgehogs snuffle through the hedgerow one tasty find at a time. You will snuffle through
        books the same way: one square, one story.
      </p>

      <section aria-labelledby="rules-getting-started">
        <h2 id="rules-getting-started">Getting Started</h2>
        <p>
          Your bingo card has {CELL_COUNT} squares in a {GRID_SIZE} by {GRID_SIZE} grid, and every
          square is a reading challenge, like a classic, a book of poetry or a book not set on
          Earth. Create an account to save your progress, or continue as a guest to have a look
          around first. Open <Link to="/bingo">your bingo card</Link> to begin.
        </p>
      </section>

      <section aria-labelledby="rules-completing">
        <h2 id="rules-completing">Completing Challenges</h2>
        <p>
          Pick a square, search for a book that fits its challenge and choose it. The square is
          marked and you may write a short review, which appears in the blog feed for your friends
          to read. Changed your mind? Choose another book for a marked square to replace it, but
          replacing a book earns no points.
        </p>
      </section>

      <section aria-labelledby="rules-wildcard">
        <h2 id="rules-wildcard">Wildcard Feature</h2>
        <p>
          Each book counts once on a card, with one prickly exception: you may use the same book a
          second time as your wildcard. There {WILDCARDS_PER_GRID === 1 ? 'is' : 'are'} only{' '}
          {WILDCARDS_PER_GRID} wildcard per card, so save it for the book that truly fits two
          challenges. A third use of a book, or a second wildcard, is not allowed.
        </p>
      </section>

      <section aria-labelledby="rules-points">
        <h2 id="rules-points">Earning Points</h2>
        <ul>
          <li>{POINTS_PER_SQUARE} points for every square you complete.</li>
          <li>{POINTS_PER_LINE} bonus points for each row, column or diagonal you complete.</li>
          <li>
            {POINTS_FOR_FULL_CARD} bonus points when all {CELL_COUNT} squares are filled: a full
            hedgehog belly!
          </li>
          <li>Replacing a book on a marked square earns nothing.</li>
        </ul>
      </section>

      <section aria-labelledby="rules-progress">
        <h2 id="rules-progress">Tracking Progress</h2>
        <p>
          Your points counter sits above your card, and a badge shows how many days are left before
          the card resets. Compare scores on the leaderboards: Friends, for you and your friends,
          and Global Top {LEADERBOARD_TOP}, for the keenest readers of the whole hedgerow. Your
          profile keeps your books, your want-to-read list and your reading streak.
        </p>
      </section>

      <section aria-labelledby="rules-support">
        <h2 id="rules-support">Support the Developers</h2>
        <p>
          Hedgehog Reading Bingo is made by a small team of book-loving hedgehog fans. If it brings
          you joy, you can{' '}
          <a href={DONATION_URL} target="_blank" rel="noopener noreferrer">
            buy us a cup of tea (opens in a new tab)
          </a>
          .
        </p>
      </section>
    </article>
  );
}
