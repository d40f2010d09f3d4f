import { EventEmitter } from 'node:events';

/**
 * A message bus between the app's parts and, with REDIS_URL set, between instances: live-update
 * fan-out and session-cache invalidation publish here. The in-process bus below serves one
 * instance; a Redis-backed bus with the same interface serves many.
 */
export interface MessageBus {
  /** Delivers `message` to every subscriber of `channel` (on every instance, when shared). */
  publish(channel: string, message: string): void;
  /** Listens on `channel`; returns the unsubscribe function. */
  subscribe(channel: string, listener: (message: string) => void): () => void;
  /**
   * Listens for moments when messages from other instances may have been missed: the shared
   * bus lost its connection, or got it back after an outage. A cache kept fresh by the bus
   * (the session cache) empties itself then. Never happens on one instance's bus.
   */
  onInterrupted(listener: () => void): () => void;
  /** Stops delivering and releases connections. */
  close(): Promise<void>;
}

/** The bus of a single instance: an EventEmitter, delivered synchronously. */
export function createLocalBus(): MessageBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(channel, message) {
      emitter.emit(channel, message);
    },
    subscribe(channel, listener) {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
    onInterrupted() {
      return () => undefined;
    },
    close() {
      emitter.removeAllListeners();
      return Promise.resolve();
    },
  };
}
