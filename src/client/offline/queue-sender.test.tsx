import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test-utils/mock-api';
import { enqueuePlacement, readQueue } from './placement-queue';
import QueueSender from './queue-sender';

// Issue 26: a waiting placement whose send failed is tried again, later each time, not hammered.

const READER = 'reader-backoff';
const DUNE = { isbn: '9780441013593', title: 'Dune', coverUrl: '/covers/dune.svg' };

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('sending waiting placements (issue 26)', () => {
  it('tries again 5 s after a failed send, then 10 s after the next, and stops once sent', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    let networkUp = false;
    const api = mockApi({
      'POST /api/bingo/placements': (request) => {
        if (!networkUp) throw new TypeError('Failed to fetch');
        const body = request.body as { cellId: string; isbn: string };
        return {
          body: {
            placement: {
              cellId: body.cellId,
              position: 0,
              bookIsbn: body.isbn,
              bookTitle: 'Dune',
              coverUrl: DUNE.coverUrl,
              isWildcard: false,
              points: 10,
              ruleMet: null,
            },
            outcome: 'placed',
            pointsEarned: 10,
            totalPoints: 10,
            message: 'You earned 10 points!',
          },
        };
      },
    });
    enqueuePlacement(READER, { gridId: 'g-1', cellId: 'c-1', book: DUNE });
    const tries = () => api.requestsTo('POST /api/bingo/placements').length;

    render(
      <QueryClientProvider client={new QueryClient()}>
        <QueueSender readerId={READER} />
      </QueryClientProvider>,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(tries()).toBe(1);

    await vi.advanceTimersByTimeAsync(4_900);
    expect(tries()).toBe(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(tries()).toBe(2);

    // The second failure in a row waits twice as long.
    await vi.advanceTimersByTimeAsync(9_800);
    expect(tries()).toBe(2);
    networkUp = true;
    await vi.advanceTimersByTimeAsync(300);
    expect(tries()).toBe(3);
    expect(readQueue(READER)).toEqual([]);

    // Nothing waits any more: no further tries.
    await vi.advanceTimersByTimeAsync(600_000);
    expect(tries()).toBe(3);
  });
});
