import { useId } from 'react';
import { RATING_MAX, RATING_MIN } from '../../lib/limits';

interface StarRatingProps {
  /** 1-5, or null when not rated yet. */
  value: number | null;
  /** Omit for a read-only display. */
  onChange?: (rating: number) => void;
  /** Names the group for screen readers, e.g. "Your rating". */
  label: string;
  disabled?: boolean;
}

const STARS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

/**
 * Five stars. Editable, it is a radio group (arrow keys move between stars, as for any radio
 * group); read-only, it is an image with the rating in words.
 */
export function StarRating({ value, onChange, label, disabled = false }: StarRatingProps) {
  const name = useId();
  if (!onChange) {
    const text = value ? `${value} out of ${RATING_MAX} stars` : 'Not rated';
    return (
      <span className="stars stars--readonly" role="img" aria-label={`${label}: ${text}`}>
        {STARS.map((star) => (
          <span
            key={star}
            aria-hidden="true"
            className={value !== null && star <= value ? 'star star--on' : 'star'}
          >
            ★
          </span>
        ))}
      </span>
    );
  }
  return (
    <fieldset className="stars" disabled={disabled}>
      <legend className="visually-hidden">{label}</legend>
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
          <span aria-hidden="true">★</span>
          <span className="visually-hidden">
            {star} star{star === 1 ? '' : 's'}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
