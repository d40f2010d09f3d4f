import { describe, expect, it } from 'vitest';
import { daysLeft, endOfDayUtc, readingStreakWeeks } from './dates';

describe('endOfDayUtc', () => {
  it('stores the end of the chosen day', () => {
    expect(endOfDayUtc('2026-12-31')).toBe('2026-12-31T23:59:59.000Z');
  });

  it.each(['', '2026-02-30', '2026-13-01', '31/12/2026', 'tomorrow'])('refuses %j', (date) => {
    expect(() => endOfDayUtc(date)).toThrow(RangeError);
  });
});

describe('daysLeft', () => {
  const now = new Date('2026-11-21T12:00:00Z');

  it('rounds whole days up', () => {
    expect(daysLeft('2026-11-21T23:59:59Z', now)).toBe(1);
    expect(daysLeft('2026-11-22T12:00:00Z', now)).toBe(1);
    expect(daysLeft('2026-11-22T12:00:01Z', now)).toBe(2);
  });

  it("is null once the date has passed (Time's up!)", () => {
    expect(daysLeft('2026-11-21T12:00:00Z', now)).toBeNull();
    expect(daysLeft('2026-01-01T00:00:00Z', now)).toBeNull();
  });
});

describe('readingStreakWeeks', () => {
  it('is 0 with no finished books', () => {
    expect(readingStreakWeeks([])).toBe(0);
  });

  it('counts consecutive ISO weeks ending with the latest book', () => {
    // Mondays and Sundays: 2026-11-16 (Mon) and 2026-11-22 (Sun) are one ISO week.
    expect(readingStreakWeeks(['2026-11-16', '2026-11-22'])).toBe(1);
    expect(readingStreakWeeks(['2026-11-15', '2026-11-16'])).toBe(2);
    expect(readingStreakWeeks(['2026-11-02', '2026-11-09', '2026-11-20'])).toBe(3);
  });

  it('stops at the first week without a book', () => {
    expect(readingStreakWeeks(['2026-10-26', '2026-11-09', '2026-11-20'])).toBe(2);
  });

  it('crosses the year boundary', () => {
    expect(readingStreakWeeks(['2025-12-31', '2026-01-05'])).toBe(2);
  });
});
