/**
 * Dates and counts as our pages write them, without Intl: a browser's first Intl call (a date,
 * a number, even localeCompare) loads its locale data, 80-300 ms of a phone's CPU, and the bingo
 * card's and the profile's first paint waited for it (issue 9).
 */

/** en-GB's short month names, as `toLocaleDateString('en-GB', { dateStyle: 'medium' })` gives them. */
const SHORT_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sept',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** A date in local time as en-GB's medium style writes it: '5 Sept 2026'. */
export function formatDateMedium(date: string | Date): string {
  const d = new Date(date);
  return `${d.getDate()} ${SHORT_MONTHS[d.getMonth()]} ${d.getFullYear()}`;
}

/** A whole number with thousands separators, as en-US writes it: '10,000'. */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
