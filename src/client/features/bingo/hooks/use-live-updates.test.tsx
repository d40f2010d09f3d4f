import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LIVE_EVENT, PointsEvent } from '../../../../lib/schemas/bingo';
import { messages } from '../../../../lib/messages';
import { buildCard, buildEntry } from '../testing/bingo-factories';
import { CURRENT_CARD, currentGrid, openBingo } from '../testing/bingo-harness';

/** Stands in for the browser's EventSource; tests push server events through `emit`. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly url: string;
  closed = false;
  private readonly listeners = new Map<string, Set<(event: MessageEvent) => void>>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }

  removeEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.get(type)?.delete(listener);
  }

  close() {
    this.closed = true;
  }

  emit(type: string, data: unknown) {
    const event = new MessageEvent(type, { data: JSON.stringify(data) });
    this.listeners.get(type)?.forEach((listener) => listener(event));
  }

  static open(): FakeEventSource {
    const open = FakeEventSource.instances.filter((source) => !source.closed);
    expect(open).toHaveLength(1);
    return open[0]!;
  }
}

function useFakeEventSource() {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
}

describe('useLiveUpdates', () => {
  it('listens on /api/events and moves the points counter on a points event', async () => {
    useFakeEventSource();
    let points = 40;
    const { api } = await openBingo({
      [CURRENT_CARD]: () => ({ body: buildCard({ grid: currentGrid, points }) }),
    });
    const source = FakeEventSource.open();
    // The card shows no board: the stream hears its points alone.
    expect(source.url).toBe('/api/events?boards=');
    expect(screen.getByText(messages.bingo.pointsLabel(40))).toBeInTheDocument();
    const cardReads = api.requestsTo(CURRENT_CARD).length;

    points = 100;
    act(() => source.emit(LIVE_EVENT.points, { totalPoints: 100 }));

    expect(await screen.findByText(messages.bingo.pointsLabel(100))).toBeInTheDocument();
    // Another tab placed a book: the squares are fetched again as well.
    await waitFor(() => expect(api.requestsTo(CURRENT_CARD).length).toBe(cardReads + 1));
  });

  it('ignores a malformed event', async () => {
    useFakeEventSource();
    const { api } = await openBingo();
    const cardReads = api.requestsTo(CURRENT_CARD).length;
    const read = vi.spyOn(PointsEvent, 'safeParse');

    act(() => FakeEventSource.open().emit(LIVE_EVENT.points, { totalPoints: 'lots' }));

    // An event is read once its schema has loaded, a moment later: nothing has changed until it
    // has been read (and refused), so only then does an unchanged page prove anything.
    await waitFor(() =>
      expect(read).toHaveReturnedWith(expect.objectContaining({ success: false })),
    );
    expect(screen.getByText(messages.bingo.pointsLabel(40))).toBeInTheDocument();
    expect(api.requestsTo(CURRENT_CARD)).toHaveLength(cardReads);
  });

  it('refetches the open leaderboard on a leaderboard event', async () => {
    useFakeEventSource();
    let you = 40;
    const { user, api } = await openBingo({
      'GET /api/leaderboard': () => ({
        body: { entries: [buildEntry({ username: 'bramble', points: you, isYou: true })] },
      }),
    });
    const onCard = FakeEventSource.open();
    await user.click(screen.getByRole('button', { name: 'View Leaderboard' }));
    const dialog = screen.getByRole('dialog', { name: 'Leaderboard' });
    expect(await within(dialog).findByText(messages.bingo.pointsLabel(40))).toBeInTheDocument();
    // The open leaderboard is named to the server on a stream of its own.
    const onBoards = FakeEventSource.open();
    expect(onCard.closed).toBe(true);
    expect(onBoards.url).toBe('/api/events?boards=friends,global');

    you = 90;
    act(() => onBoards.emit(LIVE_EVENT.leaderboard, {}));

    expect(await within(dialog).findByText(messages.bingo.pointsLabel(90))).toBeInTheDocument();
    expect(api.requestsTo('GET /api/leaderboard')).toHaveLength(2);

    // Closed, the card's stream hears no board again.
    await user.click(within(dialog).getByRole('button', { name: /close/i }));
    expect(FakeEventSource.open().url).toBe('/api/events?boards=');
  });

  it('refetches the boards when their stream opens, and the card when one reopens', async () => {
    useFakeEventSource();
    const { user, api } = await openBingo({
      'GET /api/leaderboard': () => ({
        body: { entries: [buildEntry({ username: 'bramble', points: 40, isYou: true })] },
      }),
    });
    const cardReads = api.requestsTo(CURRENT_CARD).length;
    act(() => FakeEventSource.open().emit('open', {}));
    await user.click(screen.getByRole('button', { name: 'View Leaderboard' }));
    await within(screen.getByRole('dialog')).findByText(messages.bingo.pointsLabel(40));
    expect(api.requestsTo('GET /api/leaderboard')).toHaveLength(1);

    // What changed before the boards' stream opened went unheard: they are fetched again.
    const onBoards = FakeEventSource.open();
    act(() => onBoards.emit('open', {}));
    await waitFor(() => expect(api.requestsTo('GET /api/leaderboard')).toHaveLength(2));
    expect(api.requestsTo(CURRENT_CARD)).toHaveLength(cardReads);

    // The connection dropped and came back (EventSource reconnects): the card too.
    act(() => onBoards.emit('open', {}));
    await waitFor(() => expect(api.requestsTo(CURRENT_CARD)).toHaveLength(cardReads + 1));
    await waitFor(() => expect(api.requestsTo('GET /api/leaderboard')).toHaveLength(3));
  });

  it('closes the stream when the page goes away', async () => {
    useFakeEventSource();
    const { unmount } = await openBingo();
    const source = FakeEventSource.open();

    unmount();

    expect(source.closed).toBe(true);
  });
});
