import { EventEmitter } from 'node:events';
import type { MessageBus } from './bus';
import type { SharedRedis } from './redis';

/**
 * The bus of many instances: Redis pub/sub, one publishing and one subscribed connection per
 * instance. A message published here comes back through Redis to this instance's subscribers
 * as to everyone else's. While Redis is away, messages are delivered to this instance's own
 * subscribers only, so one instance keeps working as if it were alone.
 */
export function createRedisBus(redis: SharedRedis): MessageBus {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const { client, subscriber } = redis;
  const onMessage = (channel: string, message: string) => local.emit(channel, message);
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
      // The subscriber must be up for our own message to come back; if it is not, deliver here.
      if (!redis.isReady()) {
        local.emit(channel, message);
        return;
      }
      client.publish(channel, message).catch(() => local.emit(channel, message));
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
