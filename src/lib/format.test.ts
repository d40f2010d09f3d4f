import { describe, expect, it } from 'vitest';
import { formatCount, formatDateMedium } from './format';

describe('formatDateMedium', () => {
  it("writes every month as en-GB's medium style does, in local time", () => {
    for (let month = 0; month < 12; month += 1) {
      for (const day of [1, 9, 28]) {
        const date = new Date(2026, month, day, 23, 30);
        expect(formatDateMedium(date)).toBe(
          date.toLocaleDateString('en-GB', { dateStyle: 'medium' }),
        );
      }
    }
  });

  it('reads an ISO timestamp', () => {
    const iso = '2025-09-05T09:00:00.000Z';
    expect(formatDateMedium(iso)).toBe(
      new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'medium' }),
    );
  });
});

describe('formatCount', () => {
  it('groups thousands as en-US does', () => {
    for (const n of [0, 7, 999, 1000, 10_000, 123_456, 5_242_880, 1_000_000_000]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
    }
  });
});
