import { messages } from '../../../../lib/messages';
import type { ReadingStats } from '../../../../lib/schemas/profile';

function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'long' });
}

/** 'Reading Streak' counts consecutive ISO weeks with a finished book (SPEC.md section 9). */
export function formatStreak(weeks: number): string {
  return `${weeks} ${weeks === 1 ? 'week' : 'weeks'}`;
}

/** Books Read, Reading Streak and Last Read (or 'Never'), SPEC.md section 2. */
export function StatsList({ stats }: { stats: ReadingStats }) {
  return (
    <dl className="stats">
      <div className="stats__item">
        <dt>Books Read</dt>
        <dd>{stats.booksRead}</dd>
      </div>
      <div className="stats__item">
        <dt>Reading Streak</dt>
        <dd>{formatStreak(stats.readingStreakWeeks)}</dd>
      </div>
      <div className="stats__item">
        <dt>Last Read</dt>
        <dd>{stats.lastReadAt ? formatDay(stats.lastReadAt) : messages.profile.lastReadNever}</dd>
      </div>
    </dl>
  );
}
