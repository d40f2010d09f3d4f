import { messages } from '../../../../lib/messages';
import { useAnimatedNumber } from '../hooks/use-animated-number';

/**
 * The reader's points. The shown number counts up to a new total (500 ms); screen readers hear
 * only the final total, once, from a polite status region. On a club card (issue 12) they are the
 * reader's points on that club's cards, and the label says so.
 */
export function PointsCounter({
  points,
  label = 'Your points',
}: {
  points: number;
  label?: string;
}) {
  const shown = useAnimatedNumber(points);
  return (
    <div className="points-counter">
      <span className="points-counter__label" aria-hidden="true">
        {label}
      </span>
      <span
        className={shown === points ? 'points-counter__value' : 'points-counter__value is-counting'}
        aria-hidden="true"
      >
        {messages.bingo.pointsLabel(shown)}
      </span>
      <span className="visually-hidden" role="status">
        {`${label}: ${points}`}
      </span>
    </div>
  );
}
