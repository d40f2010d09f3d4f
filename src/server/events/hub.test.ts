import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveBoard } from '../../lib/live-events';
import { createLocalBus } from '../shared/bus';
import {
  AUDIENCE_MAX,
  audienceMessage,
  createEventHub,
  LEADERBOARD_WINDOW_MS,
  LIVE_CHANNELS,
  type LiveEvent,
} from './hub';

/** A hub on its own bus and one listening connection of `userId`, recording what it is told. */
function listenOn(
  hub: ReturnType<typeof createEventHub>,
  userId: string,
  address = 'a',
  boards?: readonly LiveBoard[],
) {
  const events: LiveEvent[] = [];
  hub.subscribe({ userId, address, boards }, (event) => events.push(event), vi.fn(), vi.fn());
  return events;
}

const boards = (events: LiveEvent[]) => events.filter((e) => e.type === 'leaderboard').length;
const totals = (events: LiveEvent[]) =>
  events.flatMap((e) => (e.type === 'points' ? [e.totalPoints] : []));

describe('the live-update hub (decision 028)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes nothing inside the publisher: a placement never waits for fan-out', () => {
    const hub = createEventHub(createLocalBus());
    const mine = listenOn(hub, 'reader');
    hub.publishPoints('reader', 10);
    hub.publishLeaderboardChanged();
    expect(mine).toEqual([]);
    // Not on the next turn either: the placement's answer is written then (decision 021).
    vi.advanceTimersToNextTimer();
    expect(mine).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(mine).toEqual([{ type: 'points', totalPoints: 10 }, { type: 'leaderboard' }]);
    hub.closeAll();
  });

  it('turns three leaderboard changes within a second into one write now and one trailing', () => {
    const hub = createEventHub(createLocalBus());
    const events = listenOn(hub, 'watcher');
    hub.publishLeaderboardChanged();
    vi.advanceTimersByTime(10);
    expect(boards(events)).toBe(1);

    vi.advanceTimersByTime(290);
    hub.publishLeaderboardChanged();
    vi.advanceTimersByTime(300);
    hub.publishLeaderboardChanged();
    // Within the window: nothing more yet.
    vi.advanceTimersByTime(LEADERBOARD_WINDOW_MS - 700);
    expect(boards(events)).toBe(1);
    // The window ends: the last change is written once.
    vi.advanceTimersByTime(200);
    expect(boards(events)).toBe(2);

    // Nothing changed since: nothing more, ever.
    vi.advanceTimersByTime(10 * LEADERBOARD_WINDOW_MS);
    expect(boards(events)).toBe(2);
    // A change after a quiet window is written at once again.
    hub.publishLeaderboardChanged();
    vi.advanceTimersByTime(10);
    expect(boards(events)).toBe(3);
    hub.closeAll();
  });

  it('keeps a second between two writes to a stream under a steady stream of changes', () => {
    const hub = createEventHub(createLocalBus());
    const events = listenOn(hub, 'watcher');
    const at: number[] = [];
    hub.subscribe(
      { userId: 'clock', address: 'a' },
      (e) => e.type === 'leaderboard' && at.push(Date.now()),
      vi.fn(),
      vi.fn(),
    );
    // 100 changes a second for 5 seconds.
    for (let i = 0; i < 500; i += 1) {
      hub.publishLeaderboardChanged();
      vi.advanceTimersByTime(10);
    }
    vi.advanceTimersByTime(2 * LEADERBOARD_WINDOW_MS);
    expect(boards(events)).toBeGreaterThanOrEqual(4);
    expect(boards(events)).toBeLessThanOrEqual(6);
    const gaps = at.slice(1).map((t, i) => t - at[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(LEADERBOARD_WINDOW_MS);
    // The last write came after the last change.
    expect(at.at(-1)).toBeGreaterThanOrEqual(5000);
    hub.closeAll();
  });

  it('gives each reader their own points only, the latest total winning', () => {
    const hub = createEventHub(createLocalBus());
    const one = listenOn(hub, 'one');
    const oneAgain = listenOn(hub, 'one');
    const two = listenOn(hub, 'two');
    hub.publishPoints('one', 10);
    hub.publishPoints('two', 5);
    hub.publishPoints('one', 20);
    hub.publishPoints('one', 30);
    vi.advanceTimersByTime(10);
    expect(totals(one)).toEqual([30]);
    expect(totals(oneAgain)).toEqual([30]);
    expect(totals(two)).toEqual([5]);
    // The next turn's change is told on its own: points are never held back for a window.
    hub.publishPoints('one', 40);
    vi.advanceTimersByTime(10);
    expect(totals(one)).toEqual([30, 40]);
    expect(totals(two)).toEqual([5]);
    hub.closeAll();
  });

  it('writes to many streams a batch a turn, and skips one that closed meanwhile', () => {
    const hub = createEventHub(createLocalBus(), { fanOutBatch: 2 });
    const told: number[] = [];
    const unsubscribes = [0, 1, 2, 3, 4].map((i) =>
      hub.subscribe({ userId: `u${i}`, address: 'a' }, () => told.push(i), vi.fn(), vi.fn()),
    );
    hub.publishLeaderboardChanged();
    vi.advanceTimersToNextTimer();
    vi.advanceTimersToNextTimer();
    expect(told).toEqual([0, 1]);
    unsubscribes[3]!();
    vi.advanceTimersToNextTimer();
    expect(told).toEqual([0, 1, 2]);
    vi.advanceTimersToNextTimer();
    expect(told).toEqual([0, 1, 2, 4]);
    expect(hub.connectionCount()).toBe(4);
    hub.closeAll();
  });

  it('ends a turn of writing after its time, before its batch, and goes on next turn', () => {
    const hub = createEventHub(createLocalBus(), { fanOutBatch: 100, fanOutTurnMs: 4 });
    const told: number[] = [];
    let clock = 0;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => clock);
    // Each write takes 3 ms: a 4 ms turn ends after its second.
    for (const i of [0, 1, 2, 3, 4]) {
      hub.subscribe(
        { userId: `u${i}`, address: 'a' },
        () => ((clock += 3), told.push(i)),
        vi.fn(),
        vi.fn(),
      );
    }
    hub.publishLeaderboardChanged();
    vi.advanceTimersToNextTimer();
    vi.advanceTimersToNextTimer();
    expect(told).toEqual([0, 1]);
    vi.advanceTimersToNextTimer();
    expect(told).toEqual([0, 1, 2, 3]);
    vi.advanceTimersToNextTimer();
    expect(told).toEqual([0, 1, 2, 3, 4]);
    now.mockRestore();
    hub.closeAll();
  });

  it('writes a targeted change to the named readers only, a global one to every stream', () => {
    const hub = createEventHub(createLocalBus());
    const [placer, friend, stranger] = ['placer', 'friend', 'stranger'].map((id) =>
      listenOn(hub, id),
    );
    hub.publishLeaderboardChanged({ global: false, readers: ['placer', 'friend', 'elsewhere'] });
    vi.advanceTimersByTime(10);
    expect([boards(placer!), boards(friend!), boards(stranger!)]).toEqual([1, 1, 0]);

    // After a quiet window: the Global Top 10 may have changed. These streams name no boards
    // (a page from before they could): every board is theirs, so every stream hears.
    vi.advanceTimersByTime(LEADERBOARD_WINDOW_MS);
    hub.publishLeaderboardChanged({ global: true, readers: ['placer'] });
    vi.advanceTimersByTime(10);
    expect([boards(placer!), boards(friend!), boards(stranger!)]).toEqual([2, 2, 1]);
    hub.closeAll();
  });

  it('writes a change only to the streams showing a board it changed (issue 27)', () => {
    const hub = createEventHub(createLocalBus());
    // The placer on their card (no board), and in another tab with the leaderboard open; a
    // friend and a stranger with it open; a friend on the card; a club member on a club's card.
    const placerCard = listenOn(hub, 'placer', 'a', []);
    const placerBoards = listenOn(hub, 'placer', 'a', ['friends', 'global']);
    const friendBoards = listenOn(hub, 'friend', 'a', ['friends', 'global']);
    const friendCard = listenOn(hub, 'friend', 'a', []);
    const stranger = listenOn(hub, 'stranger', 'a', ['friends', 'global']);
    const member = listenOn(hub, 'friend', 'a', ['club']);
    const heard = () =>
      [placerCard, placerBoards, friendBoards, friendCard, stranger, member].map(boards);
    const nextWindow = () => vi.advanceTimersByTime(LEADERBOARD_WINDOW_MS + 10);

    hub.publishLeaderboardChanged({ global: false, readers: ['placer', 'friend'] });
    vi.advanceTimersByTime(10);
    expect(heard()).toEqual([0, 1, 1, 0, 0, 0]);

    nextWindow();
    hub.publishLeaderboardChanged({ global: true, readers: ['placer', 'friend'] });
    vi.advanceTimersByTime(10);
    expect(heard()).toEqual([0, 2, 2, 0, 1, 0]);

    nextWindow();
    hub.publishLeaderboardChanged({ global: false, readers: ['placer', 'friend'], club: true });
    vi.advanceTimersByTime(10);
    expect(heard()).toEqual([0, 2, 2, 0, 1, 1]);

    // A change for everyone (a reader hidden, blocked or erased): every board, not the cards.
    nextWindow();
    hub.publishLeaderboardChanged();
    vi.advanceTimersByTime(10);
    expect(heard()).toEqual([0, 3, 3, 0, 2, 2]);

    // Points still reach the placer's every stream, the card's first.
    hub.publishPoints('placer', 30);
    vi.advanceTimersByTime(10);
    expect([totals(placerCard), totals(placerBoards)]).toEqual([[30], [30]]);
    hub.closeAll();
  });

  it("coalesces per stream: one reader's window never holds back another's update", () => {
    const bus = createLocalBus();
    const hub = createEventHub(bus);
    const [one, two, three, outside] = ['one', 'two', 'three', 'outside'].map((id) =>
      listenOn(hub, id),
    );
    const oneAgain = listenOn(hub, 'one');
    const heard = () => [one, oneAgain, two, three, outside].map((e) => boards(e!));
    hub.publishLeaderboardChanged({ global: false, readers: ['one'] });
    vi.advanceTimersByTime(10);
    expect(heard()).toEqual([1, 1, 0, 0, 0]);

    // 100 ms into one's window: two's change, and a club's as another instance publishes it
    // (the same channel), go at once.
    vi.advanceTimersByTime(90);
    hub.publishLeaderboardChanged({ global: false, readers: ['two'] });
    bus.publish(
      LIVE_CHANNELS.leaderboard,
      audienceMessage({ global: false, readers: ['three', 'two'], club: true }),
    );
    vi.advanceTimersByTime(10);
    expect(heard()).toEqual([1, 1, 1, 1, 0]);

    // More changes within their windows: each stream hears once, at its own window's end.
    hub.publishLeaderboardChanged({ global: false, readers: ['one', 'two'] });
    hub.publishLeaderboardChanged({ global: false, readers: ['two'] });
    vi.advanceTimersByTime(LEADERBOARD_WINDOW_MS - 150);
    expect(heard()).toEqual([1, 1, 1, 1, 0]);
    vi.advanceTimersByTime(60);
    expect(heard()).toEqual([2, 2, 1, 1, 0]);
    vi.advanceTimersByTime(100);
    expect(heard()).toEqual([2, 2, 2, 1, 0]);
    vi.advanceTimersByTime(10 * LEADERBOARD_WINDOW_MS);
    expect(heard()).toEqual([2, 2, 2, 1, 0]);

    // A change for readers with no stream here writes nothing.
    hub.publishLeaderboardChanged({ global: false, readers: ['elsewhere'] });
    vi.advanceTimersByTime(10);
    expect(heard()).toEqual([2, 2, 2, 1, 0]);
    hub.closeAll();
  });

  it('writes a global change at once to streams outside their window, later to those within', () => {
    const hub = createEventHub(createLocalBus());
    const [friend, stranger] = ['friend', 'stranger'].map((id) => listenOn(hub, id));
    hub.publishLeaderboardChanged({ global: false, readers: ['friend'] });
    vi.advanceTimersByTime(500);
    hub.publishLeaderboardChanged({ global: true, readers: ['placer'] });
    vi.advanceTimersByTime(10);
    expect([boards(friend!), boards(stranger!)]).toEqual([1, 1]);
    vi.advanceTimersByTime(LEADERBOARD_WINDOW_MS - 500);
    expect([boards(friend!), boards(stranger!)]).toEqual([2, 1]);
    hub.closeAll();
  });

  it('notes a stream opened while every other one waits for its window', () => {
    const hub = createEventHub(createLocalBus());
    const early = listenOn(hub, 'early');
    hub.publishLeaderboardChanged();
    vi.advanceTimersByTime(10);
    // Every stream is pending again (within its window) when a new one opens.
    hub.publishLeaderboardChanged();
    const late = listenOn(hub, 'late');
    hub.publishLeaderboardChanged();
    vi.advanceTimersByTime(10);
    expect([boards(early), boards(late)]).toEqual([1, 1]);
    vi.advanceTimersByTime(LEADERBOARD_WINDOW_MS);
    expect([boards(early), boards(late)]).toEqual([2, 1]);
    hub.closeAll();
  });

  it('writes to every stream for a change with no audience, an unreadable one or too many readers', () => {
    const bus = createLocalBus();
    const hub = createEventHub(bus);
    const watcher = listenOn(hub, 'watcher');
    const tooMany = Array.from({ length: AUDIENCE_MAX + 1 }, (_, i) => `reader${i}`);
    expect(audienceMessage({ global: false, readers: tooMany })).toBe('');
    for (const message of ['', '{"readers":"watcher"}', 'not json']) {
      bus.publish(LIVE_CHANNELS.leaderboard, message);
      vi.advanceTimersByTime(LEADERBOARD_WINDOW_MS + 10);
    }
    expect(boards(watcher)).toBe(3);
    hub.closeAll();
  });

  it('counts connections per reader and address, and ends them all on close', () => {
    const hub = createEventHub(createLocalBus());
    const closed = vi.fn();
    const off = hub.subscribe({ userId: 'r', address: 'x' }, vi.fn(), closed, vi.fn());
    hub.subscribe({ userId: 'r', address: 'y' }, vi.fn(), closed, vi.fn());
    expect([hub.connectionsOf('r'), hub.connectionsFrom('x'), hub.connectionCount()]).toEqual([
      2, 1, 2,
    ]);
    off();
    off();
    expect([hub.connectionsOf('r'), hub.connectionsFrom('x'), hub.connectionCount()]).toEqual([
      1, 0, 1,
    ]);
    hub.closeAll();
    expect(closed).toHaveBeenCalledTimes(1);
  });
});
