import { afterEach, describe, expect, it, vi } from 'vitest';
import { todayUtc } from './club-cards';

describe('todayUtc', () => {
  afterEach(() => vi.useRealTimers());

  it("moves to the next day at UTC midnight, to the millisecond, though it keeps the day's text", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-12-31T23:59:59.999Z'));
    expect(todayUtc()).toBe('2026-12-31');
    vi.setSystemTime(new Date('2027-01-01T00:00:00.000Z'));
    expect(todayUtc()).toBe('2027-01-01');
  });

  it('follows a clock set back', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-06-15T12:00:00Z'));
    expect(todayUtc()).toBe('2026-06-15');
    vi.setSystemTime(new Date('2026-06-14T23:00:00Z'));
    expect(todayUtc()).toBe('2026-06-14');
  });

  it('gives the day of a date it is handed', () => {
    expect(todayUtc(new Date('1999-03-04T05:06:07Z'))).toBe('1999-03-04');
  });
});
