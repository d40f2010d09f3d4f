import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DAYS_LEFT_REFRESH_MS } from '../../../../lib/limits';
import { messages } from '../../../../lib/messages';
import { DaysLeftBadge, formatDaysLeft } from './days-left-badge';

const RESET = '2025-06-30T23:59:59.000Z';
const HOUR = 3_600_000;

describe('formatDaysLeft (SPEC.md section 4)', () => {
  it.each([
    ['2025-06-20T23:59:59.000Z', '10 days left'],
    // 9 days and 1 hour round up to 10.
    ['2025-06-21T22:59:59.000Z', '10 days left'],
    ['2025-06-29T23:59:59.000Z', '1 day left'],
    ['2025-06-30T12:00:00.000Z', '1 day left'],
    ['2025-06-28T23:59:58.000Z', '3 days left'],
    ['2025-06-30T23:59:59.000Z', messages.bingo.timesUp],
    ['2025-07-01T08:00:00.000Z', messages.bingo.timesUp],
  ])('at %s says %s', (now, expected) => {
    expect(formatDaysLeft(RESET, new Date(now))).toBe(expected);
  });
});

describe('DaysLeftBadge', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refreshes once a day', () => {
    vi.setSystemTime(new Date(Date.parse(RESET) - 2 * 24 * HOUR - HOUR));
    render(<DaysLeftBadge resetDate={RESET} />);
    expect(screen.getByText('3 days left')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(DAYS_LEFT_REFRESH_MS);
    });
    expect(screen.getByText('2 days left')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(2 * DAYS_LEFT_REFRESH_MS);
    });
    expect(screen.getByText(messages.bingo.timesUp)).toBeInTheDocument();
  });
});
