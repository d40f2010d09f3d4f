/**
 * Placing offline (issue 26, decision 025): placements (and the review written after each) made
 * while offline wait in this browser's localStorage, under the reader's id, in the order they
 * were made. Back online they are sent by themselves, in order, each with the Idempotency-Key
 * made when it was queued: a retry, a double send or a second tab is answered by the server
 * with the first answer, never a second placement. A placement the server refuses stays on its
 * square with the server's words until the reader dismisses it; nothing else changes.
 *
 * Loaded with the card and the signed-in pages only, never on /login.
 */
import type { PlaceBookResponse } from '../../lib/schemas/bingo';
import type { PostReviewResponse } from '../../lib/schemas/reviews';
import { ApiError, apiRequest } from '../services/api-client';
import { OFFLINE_QUEUE_PREFIX } from './offline-cache';

export interface QueuedBook {
  isbn: string;
  title: string;
  coverUrl: string;
}

export interface QueuedReview {
  /** The review's own Idempotency-Key, made when it was queued. */
  key: string;
  text: string;
  rating: number;
}

export interface QueuedPlacement {
  /** The placement's Idempotency-Key (crypto.randomUUID), made when it was queued. */
  key: string;
  gridId: string;
  cellId: string;
  book: QueuedBook;
  /**
   * The book the square held (with the placements waiting before it) when the reader chose;
   * null for an empty square. The server refuses the placement if the square changed since.
   */
  replaces?: string | null;
  queuedAt: number;
  review?: QueuedReview;
  /** The server's message when it refused the placement; shown on the square until dismissed. */
  refusal?: string;
}

interface StoredQueue {
  version: number;
  items: QueuedPlacement[];
}

const QUEUE_VERSION = 1;

/** The localStorage key of one reader's queue. */
export function queueKeyOf(readerId: string): string {
  return `${OFFLINE_QUEUE_PREFIX}${readerId}`;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();

function changed() {
  listeners.forEach((listener) => listener());
}

/** Calls `listener` when any queue changes, in this tab or (through `storage`) in another. */
export function subscribeQueue(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(OFFLINE_QUEUE_PREFIX)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The raw stored text (a stable snapshot for useSyncExternalStore). */
export function rawQueue(readerId: string): string | null {
  return storage()?.getItem(queueKeyOf(readerId)) ?? null;
}

export function parseQueue(raw: string | null): QueuedPlacement[] {
  if (!raw) return [];
  try {
    const stored = JSON.parse(raw) as StoredQueue;
    return stored.version === QUEUE_VERSION && Array.isArray(stored.items) ? stored.items : [];
  } catch {
    return [];
  }
}

/** The reader's queue, oldest first. */
export function readQueue(readerId: string): QueuedPlacement[] {
  return parseQueue(rawQueue(readerId));
}

function writeQueue(readerId: string, items: QueuedPlacement[]): void {
  const store = storage();
  if (!store) return;
  if (items.length === 0) store.removeItem(queueKeyOf(readerId));
  else {
    const stored: StoredQueue = { version: QUEUE_VERSION, items };
    store.setItem(queueKeyOf(readerId), JSON.stringify(stored));
  }
  changed();
}

function update(readerId: string, change: (items: QueuedPlacement[]) => QueuedPlacement[]) {
  writeQueue(readerId, change(readQueue(readerId)));
}

function newKey(): string {
  return crypto.randomUUID();
}

/**
 * Queues a placement at the end of the line, with its Idempotency-Key made now. A refusal
 * still shown on the same square goes: the reader has chosen again.
 */
export function enqueuePlacement(
  readerId: string,
  placement: { gridId: string; cellId: string; book: QueuedBook; replaces?: string | null },
  now = Date.now(),
): QueuedPlacement {
  const item: QueuedPlacement = { key: newKey(), ...placement, queuedAt: now };
  update(readerId, (items) => [
    ...items.filter((each) => !(each.refusal && each.cellId === placement.cellId)),
    item,
  ]);
  return item;
}

/** Adds the review written after a queued placement; it is posted once the placement is in. */
export function attachReview(
  readerId: string,
  placementKey: string,
  review: { text: string; rating: number },
): void {
  update(readerId, (items) =>
    items.map((item) =>
      item.key === placementKey ? { ...item, review: { key: newKey(), ...review } } : item,
    ),
  );
}

/** Forgets a refused placement once the reader has read why (or a waiting one they take back). */
export function removeQueued(readerId: string, placementKey: string): void {
  update(readerId, (items) => items.filter((item) => item.key !== placementKey));
}

/** The placements still to be sent (not refused), oldest first. */
export function waitingOf(items: readonly QueuedPlacement[]): QueuedPlacement[] {
  return items.filter((item) => !item.refusal);
}

/** A refusal is the server's decision (4xx); these 4xx mean "try again later" instead. */
function isRefusal(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    !error.isServerFailure &&
    error.status !== 401 &&
    error.status !== 408 &&
    error.status !== 429
  );
}

export interface SendHandlers {
  /** A placement the server applied (or had applied under its key: the same answer again). */
  onPlaced?: (item: QueuedPlacement, answer: PlaceBookResponse) => void;
  onReviewPosted?: (item: QueuedPlacement, answer: PostReviewResponse) => void;
  /** A placement the server refused: the item stays, with the server's message. */
  onRefused?: (item: QueuedPlacement, message: string) => void;
  /** A review the server refused after its placement went in; the review is dropped. */
  onReviewRefused?: (item: QueuedPlacement, message: string) => void;
}

export interface SendResult {
  placed: number;
  refused: number;
  /** Whether sending stopped early (no network, server failure): what is left waits. */
  stopped: boolean;
}

async function sendOne(
  readerId: string,
  item: QueuedPlacement,
  handlers: SendHandlers,
): Promise<'placed' | 'refused'> {
  let answer: PlaceBookResponse;
  try {
    answer = await apiRequest<PlaceBookResponse>('/api/bingo/placements', {
      method: 'POST',
      body: { cellId: item.cellId, isbn: item.book.isbn, replaces: item.replaces },
      headers: { 'Idempotency-Key': item.key },
    });
  } catch (error) {
    if (!isRefusal(error)) throw error;
    update(readerId, (items) =>
      items.map((each) => (each.key === item.key ? { ...each, refusal: error.message } : each)),
    );
    handlers.onRefused?.(item, error.message);
    return 'refused';
  }
  handlers.onPlaced?.(item, answer);
  if (item.review) {
    try {
      const posted = await apiRequest<PostReviewResponse>('/api/reviews', {
        method: 'POST',
        body: { isbn: item.book.isbn, text: item.review.text, rating: item.review.rating },
        headers: { 'Idempotency-Key': item.review.key },
      });
      handlers.onReviewPosted?.(item, posted);
    } catch (error) {
      // No network now: the item stays; next time its placement is answered again by its key.
      if (!isRefusal(error)) throw error;
      handlers.onReviewRefused?.(item, error.message);
    }
  }
  removeQueued(readerId, item.key);
  return 'placed';
}

async function sendAll(readerId: string, handlers: SendHandlers): Promise<SendResult> {
  const result: SendResult = { placed: 0, refused: 0, stopped: false };
  const tried = new Set<string>();
  for (;;) {
    // Read again each time: another tab may have sent (or the reader dismissed) meanwhile.
    const next = waitingOf(readQueue(readerId)).find((item) => !tried.has(item.key));
    if (!next) return result;
    tried.add(next.key);
    setSending(readerId, next.key);
    try {
      const outcome = await sendOne(readerId, next, handlers);
      result[outcome] += 1;
    } catch {
      result.stopped = true;
      return result;
    } finally {
      setSending(readerId, null);
    }
  }
}

/** The first wait before sending again after a send stopped (no network, server failure). */
export const FIRST_RETRY_MS = 5_000;
/** The longest wait between two tries, however many failed before. */
export const LONGEST_RETRY_MS = 5 * 60_000;

/**
 * How long to wait before the next try after `failures` sends in a row stopped: 5 s, doubling
 * to at most 5 minutes, each moved by up to a fifth either way so that many readers' phones
 * coming back with one school's wifi do not all try at the same moment.
 */
export function retryDelay(failures: number, random: () => number = Math.random): number {
  const base = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

const running = new Map<string, Promise<SendResult>>();

/** The key of the placement being sent now, per reader (this tab): its square says "Sending...". */
const sending = new Map<string, string>();

function setSending(readerId: string, key: string | null) {
  if (key) sending.set(readerId, key);
  else sending.delete(readerId);
  changed();
}

/** The Idempotency-Key of the reader's placement on its way to the server, if one is. */
export function sendingKeyOf(readerId: string): string | null {
  return sending.get(readerId) ?? null;
}

/**
 * Sends everything waiting, in order, and resolves with what happened. One send at a time: a
 * second call while one runs gets the same promise, and across tabs the Web Locks API (where
 * there is one) lets one tab send while another waits; its turn then finds the queue empty.
 */
export function sendQueue(readerId: string, handlers: SendHandlers = {}): Promise<SendResult> {
  const current = running.get(readerId);
  if (current) return current;
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  // The lock's callback returns a promise; the lib's typing nests it, the value is SendResult.
  const work: Promise<SendResult> = locks
    ? (locks.request(queueKeyOf(readerId), () =>
        sendAll(readerId, handlers),
      ) as unknown as Promise<SendResult>)
    : sendAll(readerId, handlers);
  const done = work.finally(() => running.delete(readerId));
  running.set(readerId, done);
  return done;
}
