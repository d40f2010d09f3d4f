import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../test-utils/factories';
import { apiErrorReply, mockApi, type RecordedRequest } from '../test-utils/mock-api';
import { clearOfflineCache, keepOfflineCache, OFFLINE_CACHE_KEY } from './offline-cache';
import {
  attachReview,
  enqueuePlacement,
  queueKeyOf,
  FIRST_RETRY_MS,
  LONGEST_RETRY_MS,
  readQueue,
  retryDelay,
  sendQueue,
  sendingKeyOf,
} from './placement-queue';

// Issue 26: placements made offline wait in order, each with its own Idempotency-Key, and are
// sent once the network is back.

const READER = 'reader-a';
const DUNE = { isbn: '9780441013593', title: 'Dune', coverUrl: '/covers/dune.svg' };
const EMMA = { isbn: '9780141439587', title: 'Emma', coverUrl: '/covers/emma.svg' };
const HOBBIT = { isbn: '9780547928227', title: 'The Hobbit', coverUrl: '/covers/hobbit.svg' };

function placedAnswer(request: RecordedRequest, totalPoints: number) {
  const body = request.body as { cellId: string; isbn: string };
  return {
    body: {
      placement: {
        cellId: body.cellId,
        position: 0,
        bookIsbn: body.isbn,
        bookTitle: 'A book',
        coverUrl: '/covers/x.svg',
        isWildcard: false,
        points: 10,
        ruleMet: null,
      },
      outcome: 'placed',
      pointsEarned: 10,
      totalPoints,
      message: 'You earned 10 points!',
    },
  };
}

const REVIEWED = { body: { message: 'Review posted!', post: null } };

function keyOf(request: RecordedRequest) {
  return request.headers.get('Idempotency-Key');
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the offline placement queue (issue 26)', () => {
  it("keeps placements in order under the reader's id, each with a key of its own", () => {
    const first = enqueuePlacement(READER, { gridId: 'g-1', cellId: 'c-1', book: DUNE });
    const second = enqueuePlacement(READER, { gridId: 'g-1', cellId: 'c-2', book: EMMA });
    attachReview(READER, first.key, { text: 'Sand everywhere.', rating: 5 });

    expect(first.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.key).not.toBe(first.key);
    expect(localStorage.getItem(queueKeyOf(READER))).not.toBeNull();
    const queue = readQueue(READER);
    expect(queue.map((item) => item.book.title)).toEqual(['Dune', 'Emma']);
    expect(queue[0]?.review).toMatchObject({ text: 'Sand everywhere.', rating: 5 });
    expect(queue[0]?.review?.key).not.toBe(first.key);
    expect(readQueue('reader-b')).toEqual([]);
  });

  it('sends everything in order with its own Idempotency-Key, the review after its placement', async () => {
    const api = mockApi({
      'POST /api/bingo/placements': (request) => placedAnswer(request, 10),
      'POST /api/reviews': REVIEWED,
    });
    const first = enqueuePlacement(READER, {
      gridId: 'g-1',
      cellId: 'c-1',
      book: DUNE,
      replaces: null,
    });
    const second = enqueuePlacement(READER, { gridId: 'g-1', cellId: 'c-2', book: EMMA });
    attachReview(READER, first.key, { text: 'Sand everywhere.', rating: 5 });
    const reviewKey = readQueue(READER)[0]?.review?.key;

    const result = await sendQueue(READER);

    expect(result).toEqual({ placed: 2, refused: 0, stopped: false });
    expect(api.requests.map((r) => `${r.method} ${r.path} ${keyOf(r)}`)).toEqual([
      `POST /api/bingo/placements ${first.key}`,
      `POST /api/reviews ${reviewKey}`,
      `POST /api/bingo/placements ${second.key}`,
    ]);
    // The square was empty when Dune was chosen: the server refuses it if that changed meanwhile.
    expect(api.requests[0]?.body).toEqual({ cellId: 'c-1', isbn: DUNE.isbn, replaces: null });
    expect(api.requests[1]?.body).toEqual({ isbn: DUNE.isbn, text: 'Sand everywhere.', rating: 5 });
    expect(readQueue(READER)).toEqual([]);
    expect(localStorage.getItem(queueKeyOf(READER))).toBeNull();
  });

  it('sends each placement once when sending is started twice at the same time', async () => {
    const api = mockApi({
      'POST /api/bingo/placements': (request) => placedAnswer(request, 10),
    });
    enqueuePlacement(READER, { gridId: 'g-1', cellId: 'c-1', book: DUNE });
    enqueuePlacement(READER, { gridId: 'g-1', cellId: 'c-2', book: EMMA });

    const [one, two] = await Promise.all([sendQueue(READER), sendQueue(READER)]);

    expect(one).toBe(two);
    expect(api.requestsTo('POST /api/bingo/placements')).toHaveLength(2);
  });

  it('stops at a lost network and sends again later under the same keys', async () => {
    let networkUp = false;
    const api = mockApi({
      'POST /api/bingo/placements': (request) => {
        if (!networkUp) throw new TypeError('Failed to fetch');
        return placedAnswer(request, 10);
      },
    });
    const first = enqueuePlacement(READER, { gridId: 'g-1', cellId: 'c-1', book: DUNE });
    enqueuePlacement(READER, { gridId: 'g-1', cellId: 'c-2', book: EMMA });

    expect(await sendQueue(READER)).toEqual({ placed: 0, refused: 0, stopped: true });
    expect(readQueue(READER)).toHaveLength(2);

    networkUp = true;
    expect(await sendQueue(READER)).toEqual({ placed: 2, refused: 0, stopped: false });
    const keys = api.requestsTo('POST /api/bingo/placements').map(keyOf);
    // The lost attempt and its retry carry the same key: the server applies it once.
    expect(keys[0]).toBe(first.key);
    expect(keys[1]).toBe(first.key);
    expect(keys).toHaveLength(3);
  });

  it("keeps a refused placement with the server's words, posts no review for it, and goes on", async () => {
    const wildcardUsed = 'You have already used your wildcard on this grid.';
    const api = mockApi({
      'POST /api/bingo/placements': (request) =>
        (request.body as { isbn: string }).isbn === EMMA.isbn
          ? apiErrorReply(409, wildcardUsed, 'WILDCARD_USED')
          : placedAnswer(request, 20),
      'POST /api/reviews': REVIEWED,
    });
    const refused = enqueuePlacement(READER, { gridId: 'g-1', cellId: 'c-1', book: EMMA });
    attachReview(READER, refused.key, { text: 'Never sent.', rating: 3 });
    enqueuePlacement(READER, { gridId: 'g-1', cellId: 'c-2', book: HOBBIT });
    const onRefused = vi.fn();

    const result = await sendQueue(READER, { onRefused });

    expect(result).toEqual({ placed: 1, refused: 1, stopped: false });
    expect(onRefused).toHaveBeenCalledWith(
      expect.objectContaining({ key: refused.key }),
      wildcardUsed,
    );
    expect(api.requestsTo('POST /api/reviews')).toEqual([]);
    expect(readQueue(READER)).toEqual([
      expect.objectContaining({ key: refused.key, refusal: wildcardUsed }),
    ]);
    // Sending again leaves the refused one alone: nothing is sent.
    await sendQueue(READER);
    expect(api.requestsTo('POST /api/bingo/placements')).toHaveLength(2);
  });

  it('waits (does not refuse) when the server asks to slow down or the session has ended', async () => {
    mockApi({
      'POST /api/bingo/placements': apiErrorReply(429, 'Too many requests.', 'RATE_LIMITED'),
    });
    enqueuePlacement(READER, { gridId: 'g-1', cellId: 'c-1', book: DUNE });
    expect(await sendQueue(READER)).toEqual({ placed: 0, refused: 0, stopped: true });
    expect(readQueue(READER)[0]?.refusal).toBeUndefined();
  });

  it('names the placement on its way while it is sent, and none once it is answered', async () => {
    const seen: (string | null)[] = [];
    mockApi({
      'POST /api/bingo/placements': (request) => {
        seen.push(sendingKeyOf(READER));
        return placedAnswer(request, 10);
      },
    });
    const first = enqueuePlacement(READER, { gridId: 'g-1', cellId: 'c-1', book: DUNE });
    const second = enqueuePlacement(READER, { gridId: 'g-1', cellId: 'c-2', book: EMMA });

    await sendQueue(READER);

    expect(seen).toEqual([first.key, second.key]);
    expect(sendingKeyOf(READER)).toBeNull();
  });

  it('waits longer after each failed try: 5 s, doubling, never past 5 minutes, a fifth either way', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((failures) => retryDelay(failures, middle))).toEqual([
      5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000,
    ]);
    expect(FIRST_RETRY_MS).toBe(5_000);
    expect(LONGEST_RETRY_MS).toBe(300_000);
    // Spread so that many phones back on one wifi do not all try at once.
    expect(retryDelay(1, () => 0)).toBe(4_000);
    expect(retryDelay(1, () => 1)).toBe(6_000);
    expect(retryDelay(20, () => 1)).toBe(360_000);
  });

  it('is forgotten at sign-out, and when another reader signs in', () => {
    enqueuePlacement(READER, { gridId: 'g-1', cellId: 'c-1', book: DUNE });
    enqueuePlacement('reader-b', { gridId: 'g-1', cellId: 'c-1', book: DUNE });
    clearOfflineCache();
    expect(readQueue(READER)).toEqual([]);
    expect(readQueue('reader-b')).toEqual([]);

    enqueuePlacement(READER, { gridId: 'g-1', cellId: 'c-1', book: DUNE });
    enqueuePlacement('reader-b', { gridId: 'g-1', cellId: 'c-1', book: DUNE });
    localStorage.setItem(OFFLINE_CACHE_KEY, JSON.stringify({ version: 1, readerId: READER }));
    const client = new QueryClient();
    const stop = keepOfflineCache(client);
    client.setQueryData(['me'], { user: buildUser({ id: 'reader-b' }) });
    expect(readQueue(READER)).toEqual([]);
    expect(readQueue('reader-b')).toHaveLength(1);
    client.setQueryData(['me'], { user: null });
    expect(readQueue('reader-b')).toEqual([]);
    stop();
  });
});
