import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CHALLENGES } from '../../lib/challenges';
import { messages } from '../../lib/messages';
import { openBingo, square } from '../features/bingo/testing/bingo-harness';
import { buildUser } from '../test-utils/factories';
import { apiErrorReply, heldReply } from '../test-utils/mock-api';
import { readQueue } from './placement-queue';
import {
  keepOfflineCache,
  lastFetchedAt,
  OFFLINE_CACHE_KEY,
  OFFLINE_MAX_AGE_MS,
  restoreOfflineCache,
  writeOfflineCache,
} from './offline-cache';
import { clockTime } from './offline-notice';
import { EMMA, placedEmma } from './testing/offline-fixtures';

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

function stored(): { readerId: string; state: { queries: { queryKey: unknown[] }[] } } | null {
  const raw = localStorage.getItem(OFFLINE_CACHE_KEY);
  return raw ? (JSON.parse(raw) as ReturnType<typeof stored>) : null;
}

const CARD_KEY = ['bingo', 'card', 'g-1'];

function clientOf(readerId: string | null) {
  const client = new QueryClient();
  client.setQueryData(['me'], { user: readerId ? buildUser({ id: readerId }) : null });
  return client;
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the offline store (issue 26)', () => {
  it("keeps the reader's own data under their id, and nothing else", () => {
    const client = clientOf('reader-a');
    client.setQueryData(CARD_KEY, { points: 40 });
    client.setQueryData(['profile', 'want-to-read'], { books: [] });
    client.setQueryData(['posts'], { posts: ['a friend post'] });
    writeOfflineCache(client);
    expect(stored()?.readerId).toBe('reader-a');
    expect(stored()?.state.queries.map((q) => q.queryKey)).toEqual([
      ['me'],
      CARD_KEY,
      ['profile', 'want-to-read'],
    ]);
  });

  it('carries over what this reader saw on an earlier page load, and only for them', () => {
    const first = clientOf('reader-a');
    first.setQueryData(['profile', 'card'], { profile: 'a' });
    writeOfflineCache(first);
    writeOfflineCache(clientOf('reader-a'));
    expect(stored()?.state.queries.map((q) => q.queryKey)).toEqual([['me'], ['profile', 'card']]);
    writeOfflineCache(clientOf('reader-b'));
    expect(stored()?.state.queries.map((q) => q.queryKey)).toEqual([['me']]);
  });

  it('restores only offline, and only a copy younger than a week', () => {
    const client = clientOf('reader-a');
    client.setQueryData(CARD_KEY, { points: 40 });
    writeOfflineCache(client, 1_000);

    const online = new QueryClient();
    expect(restoreOfflineCache(online, { online: true, now: 2_000 })).toBe(false);
    expect(online.getQueryData(CARD_KEY)).toBeUndefined();

    const offline = new QueryClient();
    expect(restoreOfflineCache(offline, { online: false, now: 2_000 })).toBe(true);
    expect(offline.getQueryData(CARD_KEY)).toEqual({ points: 40 });

    const late = new QueryClient();
    expect(restoreOfflineCache(late, { online: false, now: 1_001 + OFFLINE_MAX_AGE_MS })).toBe(
      false,
    );
    expect(late.getQueryData(CARD_KEY)).toBeUndefined();
    expect(stored()).toBeNull();
  });

  it('forgets everything at sign-out and when another reader signs in', () => {
    vi.useFakeTimers();
    try {
      const client = clientOf('reader-a');
      const stop = keepOfflineCache(client);
      client.setQueryData(CARD_KEY, { points: 40 });
      vi.advanceTimersByTime(1_000);
      expect(stored()?.readerId).toBe('reader-a');

      // Another reader: the first one's copy is gone at once, before any write.
      client.removeQueries({ queryKey: CARD_KEY });
      client.setQueryData(['me'], { user: buildUser({ id: 'reader-b' }) });
      expect(stored()).toBeNull();
      vi.advanceTimersByTime(1_000);
      expect(stored()?.readerId).toBe('reader-b');
      expect(stored()?.state.queries.map((q) => q.queryKey)).toEqual([['me']]);

      // Signed out.
      client.setQueryData(['me'], { user: null });
      expect(stored()).toBeNull();
      vi.advanceTimersByTime(1_000);
      expect(stored()).toBeNull();
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the card offline (issue 26)', () => {
  it('shows the notice with the time of the last fetch, and turns off what needs the network', async () => {
    const { queryClient } = await openBingo();
    expect(screen.queryByRole('status', { name: /offline/i })).toBeNull();
    expect(screen.queryByText(/You're offline/)).toBeNull();

    goOffline(true);
    const fetchedAt = lastFetchedAt(queryClient);
    expect(fetchedAt).not.toBeNull();
    expect(
      screen.getByText(`You're offline: showing your card as of ${clockTime(fetchedAt!)}`),
    ).toBeInTheDocument();
    expect(messages.offline.showingCardAsOf('14:32')).toBe(
      "You're offline: showing your card as of 14:32",
    );
    const reset = screen.getByRole('button', { name: 'Reset Grid' });
    expect(reset).toBeDisabled();
    expect(reset).toHaveAccessibleDescription(messages.offline.needsNetwork);
    expect(screen.getByRole('button', { name: 'View Leaderboard' })).toBeDisabled();
    // A square stays open to a reader: they may place a book this device knows (below).
    expect(square(DEFAULT_CHALLENGES[1])).toHaveAccessibleName(
      `${DEFAULT_CHALLENGES[1]}. Not marked yet, choose a book`,
    );

    goOffline(false);
    expect(screen.queryByText(/You're offline/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Reset Grid' })).toBeEnabled();
  });

  it('shows the time as HH:MM on the reader clock', () => {
    expect(clockTime(new Date(2026, 10, 29, 14, 32, 59).getTime())).toBe('14:32');
    expect(clockTime(new Date(2026, 10, 29, 9, 5).getTime())).toBe('09:05');
  });
});

describe('placing offline (issue 26)', () => {
  async function placeEmmaOffline(routes: Parameters<typeof openBingo>[0]) {
    const reader = buildUser({ id: 'reader-offline' });
    const app = await openBingo(routes, { user: reader });
    // The want-to-read list the reader saw on their profile: a book this device knows.
    app.queryClient.setQueryData(['profile', 'want-to-read'], { books: [EMMA], count: 1 });
    goOffline(true);
    await app.user.click(square(DEFAULT_CHALLENGES[1]));
    const sheet = await screen.findByRole('dialog', { name: DEFAULT_CHALLENGES[1] });
    expect(within(sheet).getByText(messages.offlineQueue.knownBooksHint)).toBeInTheDocument();
    await app.user.click(within(sheet).getByRole('button', { name: 'Place Emma' }));
    return { ...app, reader };
  }

  it('waits on the card with its review, then both are sent once, in order, when back online', async () => {
    const { api, user, reader } = await placeEmmaOffline({
      'POST /api/bingo/placements': placedEmma,
      'POST /api/reviews': { body: { message: messages.review.posted, post: null } },
    });
    const review = await screen.findByRole('dialog', { name: 'Write a review' });
    await user.type(within(review).getByLabelText('Your review'), 'Witty and warm.');
    await user.click(within(review).getByRole('radio', { name: '5 stars' }));
    await user.click(within(review).getByRole('button', { name: 'Submit Review' }));

    expect(square(DEFAULT_CHALLENGES[1])).toHaveAccessibleName(
      `${DEFAULT_CHALLENGES[1]}. Marked with Emma. ${messages.offlineQueue.waiting(1)}`,
    );
    const [queued] = readQueue(reader.id);
    expect(queued?.review).toMatchObject({ text: 'Witty and warm.', rating: 5 });
    expect(api.requestsTo('POST /api/bingo/placements')).toEqual([]);

    goOffline(false);
    await waitFor(() => expect(api.requestsTo('POST /api/reviews')).toHaveLength(1));
    const sent = api.requests.filter((r) => r.method === 'POST');
    expect(sent.map((r) => [r.path, r.headers.get('Idempotency-Key')])).toEqual([
      ['/api/bingo/placements', queued!.key],
      ['/api/reviews', queued!.review!.key],
    ]);
    expect(readQueue(reader.id)).toEqual([]);
    expect(await screen.findByText(messages.bingo.earnedPoints(10))).toBeInTheDocument();
  });

  it('says "Sending..." on the square while its placement is on its way, then shows it placed', async () => {
    const answer = heldReply();
    const { api, user } = await placeEmmaOffline({ 'POST /api/bingo/placements': answer.handler });
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Write a review' })).getByRole('button', {
        name: 'Skip',
      }),
    );
    expect(square(DEFAULT_CHALLENGES[1])).toHaveAccessibleName(
      `${DEFAULT_CHALLENGES[1]}. Marked with Emma. ${messages.offlineQueue.waiting(1)}`,
    );

    goOffline(false);
    await waitFor(() =>
      expect(square(DEFAULT_CHALLENGES[1])).toHaveAccessibleName(
        `${DEFAULT_CHALLENGES[1]}. Marked with Emma. ${messages.offlineQueue.sending}`,
      ),
    );
    expect(api.requestsTo('POST /api/bingo/placements')).toHaveLength(1);

    answer.send(placedEmma(api.requestsTo('POST /api/bingo/placements')[0]!));
    await waitFor(() =>
      expect(square(DEFAULT_CHALLENGES[1])).not.toHaveAccessibleName(
        expect.stringContaining(messages.offlineQueue.sending),
      ),
    );
    expect(await screen.findByText(messages.bingo.earnedPoints(10))).toBeInTheDocument();
  });

  it("shows a refused waiting placement's message on its square, changes nothing else, and lets it go", async () => {
    const refusal = messages.bingo.wildcardUsed;
    const { api, user, reader } = await placeEmmaOffline({
      'POST /api/bingo/placements': apiErrorReply(409, refusal, 'WILDCARD_USED'),
    });
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Write a review' })).getByRole('button', {
        name: 'Skip',
      }),
    );

    goOffline(false);
    await waitFor(() =>
      expect(square(DEFAULT_CHALLENGES[1])).toHaveAccessibleName(
        `${DEFAULT_CHALLENGES[1]}. Not marked yet, choose a book. ${messages.offlineQueue.refused(refusal)}`,
      ),
    );
    const refusals = screen.getByRole('list', { name: messages.offlineQueue.refusedTitle });
    const alert = within(refusals).getByRole('alert');
    expect(alert).toHaveTextContent(
      `${DEFAULT_CHALLENGES[1]}: ${messages.offlineQueue.refused(refusal)}`,
    );
    expect(api.requestsTo('POST /api/bingo/placements')).toHaveLength(1);
    expect(api.requestsTo('POST /api/reviews')).toEqual([]);
    expect(screen.getByText(messages.bingo.pointsLabel(40))).toBeInTheDocument();

    await user.click(
      within(alert).getByRole('button', { name: messages.offlineQueue.dismissRefusal }),
    );
    expect(readQueue(reader.id)).toEqual([]);
    expect(square(DEFAULT_CHALLENGES[1])).toHaveAccessibleName(
      `${DEFAULT_CHALLENGES[1]}. Not marked yet, choose a book`,
    );
  });
});
