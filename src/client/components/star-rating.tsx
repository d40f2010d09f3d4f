import { useId } from 'react';
import { RATING_MAX, RATING_MIN } from '../../lib/limits';

interface StarRatingProps {
  /** 1-5, or null when not rated yet. */
  value: number | null;
  /** Omit for a read-only display. */
  onChange?: (rating: number) => void;
  /** The label shown above editable stars (and the read-only image's name), e.g. "Your rating". */
  label: string;
  /** Read out after the label but not shown, where the row already says it: "for Dune". */
  labelDetail?: string;
  disabled?: boolean;
}

const STARS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

/**
 * A star drawn in SVG, never a font's glyph: it looks the same everywhere. Unselected it is an
 * outline, selected it is filled; both stand out at least 3:1 from the page (styles.css).
 */
function StarIcon() {
  return (
    <svg className="star__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z" />
    </svg>
  );
}

/**
 * Five stars. Editable, it is a radio group under a visible label (arrow keys move between
 * stars, as for any radio group); read-only, it is an image with the rating in words.
 */
export function StarRating({
  value,
  onChange,
  label,
  labelDetail,
  disabled = false,
}: StarRatingProps) {
  const name = useId();
  const fullLabel = labelDetail ? `${label} ${labelDetail}` : label;
  if (!onChange) {
    const text = value ? `${value} out of ${RATING_MAX} stars` : 'Not rated';
    return (
      <span className="stars stars--readonly" role="img" aria-label={`${fullLabel}: ${text}`}>
        {STARS.map((star) => (
          <span
            key={star}
            aria-hidden="true"
            className={value !== null && star <= value ? 'star star--on' : 'star'}
          >
            <StarIcon />
          </span>
        ))}
      </span>
    );
  }
  return (
    <fieldset className="stars" disabled={disabled}>
      <legend className="stars__label">
        {label}
        {/* The space outside the hidden part: a name is joined from both, trimmed. */}
        {labelDetail ? ' ' : null}
        {labelDetail ? <span className="visually-hidden">{labelDetail}</span> : null}
      </legend>
      <span className="stars__row">
        {STARS.map((star) => (
          <label
            key={star}
            className={value !== null && star <= value ? 'star star--on' : 'star'}
            title={`${star} star${star === 1 ? '' : 's'}`}
          >
            <input
              type="radio"
              className="visually-hidden"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
            />
            <StarIcon />
            <span className="visually-hidden">
              {star} star{star === 1 ? '' : 's'}
            </span>
          </label>
        ))}
      </span>
    </fieldset>
  );
}
