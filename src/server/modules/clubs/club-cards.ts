/**
 * Club cards (issue 12, decision 016): grids with a club and their own reset date. A card
 * ends at the end of its reset date, UTC, like the admin's reset date of the shared card.
 */

const DAY_MS = 86_400_000;

/** The UTC day last asked for without a date: its first millisecond and its text (none yet). */
let dayKept = { from: Number.NEGATIVE_INFINITY, text: '' };

/**
 * Today's date in UTC, YYYY-MM-DD (what reset dates are compared with). Without a date it asks
 * the clock and keeps the day's text until the day ends: a kept card checks the day on every
 * read (issue 10), and formatting a date each time was a fiftieth of it.
 */
export function todayUtc(now?: Date): string {
  if (now) return now.toISOString().slice(0, 10);
  const ms = Date.now();
  if (ms < dayKept.from || ms - dayKept.from >= DAY_MS) {
    const from = ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);
    dayKept = { from, text: new Date(from).toISOString().slice(0, 10) };
  }
  return dayKept.text;
}

/** Whether a reset date (YYYY-MM-DD) has not yet passed: the card is open through that day. */
export function resetDateOpen(resetDate: string | null, today: string = todayUtc()): boolean {
  return resetDate === null || resetDate >= today;
}

/**
 * Whether a grid is the current one of its scope: it is the newest of its scope (the shared
 * grids, or its club's cards) and its own end date has not passed. A club card's end date is its
 * reset date; a shared card has none (the reset date is a setting) until an admin ends it early
 * (issue 23), which gives it one.
 */
export function isCurrentCard(grid: {
  isNewest: boolean;
  clubId: string | null;
  resetDate: string | null;
}): boolean {
  return grid.isNewest && resetDateOpen(grid.resetDate);
}

/** A YYYY-MM-DD text that names a real day (2026-02-30 does not). */
export function isRealDate(date: string): boolean {
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
}
