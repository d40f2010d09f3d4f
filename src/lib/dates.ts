const DAY_MS = 86_400_000;

/** The end of a calendar day (YYYY-MM-DD) in UTC, 23:59:59, as the reset date is stored (SPEC.md section 9). */
export function endOfDayUtc(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new RangeError(`not a date: ${date}`);
  const parsed = new Date(`${date}T23:59:59.000Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) {
    throw new RangeError(`not a date: ${date}`);
  }
  return parsed.toISOString();
}

/** Whole days left until `resetAt`, rounded up; null once it has passed ('Time's up!'). */
export function daysLeft(resetAt: string | Date, now: Date = new Date()): number | null {
  const ms = new Date(resetAt).getTime() - now.getTime();
  if (ms <= 0) return null;
  return Math.ceil(ms / DAY_MS);
}

/** Monday-based ISO week key of a date, as a count of weeks since the epoch's Monday. */
function isoWeekIndex(date: Date): number {
  const utc = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const dayOfWeek = (new Date(utc).getUTCDay() + 6) % 7; // Monday = 0
  const monday = utc - dayOfWeek * DAY_MS;
  // 1970-01-05 was a Monday.
  return Math.round((monday - Date.UTC(1970, 0, 5)) / (7 * DAY_MS));
}

/**
 * Reading streak (SPEC.md section 9): the number of consecutive ISO weeks holding a finished
 * book, ending with the week of the latest finished book. 0 when nothing was finished.
 */
export function readingStreakWeeks(finishedDates: readonly (string | Date)[]): number {
  if (finishedDates.length === 0) return 0;
  const weeks = new Set(finishedDates.map((d) => isoWeekIndex(new Date(d))));
  let week = Math.max(...weeks);
  let streak = 0;
  while (weeks.has(week)) {
    streak += 1;
    week -= 1;
  }
  return streak;
}
