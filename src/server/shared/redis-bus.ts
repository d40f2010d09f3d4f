import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { MessageBus } from './bus';
import type { SharedRedis } from './redis';

/**
 * The bus of many instances: Redis pub/sub, one publishing and one subscribed connection per
 * instance. A message published here reaches this instance's own subscribers at once (so a
 * sign-out is final on the instance that served it before its answer leaves) and every other
 * instance through Redis; each message carries its sender's id, so the copy Redis echoes back
 * is dropped. While Redis is away, only this instance's subscribers hear it, so one instance
 * keeps working as if it were alone.
 */
export function createRedisBus(redis: SharedRedis): MessageBus {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const { client, subscriber } = redis;
  const origin = randomUUID();
  const onMessage = (channel: string, envelope: string) => {
    const space = envelope.indexOf(' ');
    if (space < 0 || envelope.slice(0, space) === origin) return;
    local.emit(channel, envelope.slice(space + 1));
  };
  subscriber.on('message', onMessage);
  // Pub/sub keeps nothing for a subscriber that is away: whatever was published while this
  // instance was cut off is lost, so caches fed by the bus are told when that may have happened.
  const interrupted = new EventEmitter();
  interrupted.setMaxListeners(0);
  let connected = subscriber.status === 'ready';
  let lost = false;
  const onClose = () => {
    if (!connected) return;
    connected = false;
    lost = true;
    interrupted.emit('interrupted');
  };
  const onReady = () => {
    connected = true;
    if (lost) interrupted.emit('interrupted');
    lost = false;
  };
  subscriber.on('close', onClose);
  subscriber.on('ready', onReady);

  return {
    publish(channel, message) {
      local.emit(channel, message);
      if (!redis.isReady()) return;
      // A lost publish is what onInterrupted tells the other instances' caches about.
      client.publish(channel, `${origin} ${message}`).catch(() => undefined);
    },
    subscribe(channel, listener) {
      if (local.listenerCount(channel) === 0) {
        // Queued until connected, and renewed by ioredis after every reconnect.
        subscriber.subscribe(channel).catch(() => undefined);
      }
      local.on(channel, listener);
      return () => {
        local.off(channel, listener);
        if (local.listenerCount(channel) === 0) {
          subscriber.unsubscribe(channel).catch(() => undefined);
        }
      };
    },
    onInterrupted(listener) {
      interrupted.on('interrupted', listener);
      return () => interrupted.off('interrupted', listener);
    },
    close() {
      subscriber.off('message', onMessage);
      subscriber.off('close', onClose);
      subscriber.off('ready', onReady);
      interrupted.removeAllListeners();
      local.removeAllListeners();
      return Promise.resolve();
    },
  };
}
