import { daysLeft } from '../../../../lib/dates';
import { DAYS_LEFT_REFRESH_MS } from '../../../../lib/limits';
import { messages } from '../../../../lib/messages';
import { useNow } from '../hooks/use-now';

/** 'N days left' (rounded up), '1 day left', or 'Time's up!' once the date has passed. */
export function formatDaysLeft(resetDate: string, now: Date): string {
  const left = daysLeft(resetDate, now);
  if (left === null) return messages.bingo.timesUp;
  return left === 1 ? '1 day left' : `${left} days left`;
}

/** Drawn inline: an emoji would depend on the reader's fonts. */
function HourglassIcon() {
  return (
    <svg
      className="days-left__icon"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M6 3h12M6 21h12M7 3c0 5 10 6 10 9s-10 4-10 9M17 3c0 5-10 6-10 9s10 4 10 9"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** The days left to the grid's reset date (SPEC.md section 4), refreshed daily. */
export function DaysLeftBadge({ resetDate }: { resetDate: string }) {
  const now = useNow(DAYS_LEFT_REFRESH_MS);
  const text = formatDaysLeft(resetDate, now);
  const isOver = text === messages.bingo.timesUp;
  return (
    <p className={isOver ? 'days-left days-left--over' : 'days-left'}>
      <HourglassIcon />
      {text}
    </p>
  );
}
