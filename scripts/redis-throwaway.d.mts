/** The redis-server binary, or null when the machine has none. */
export function findRedisServer(): string | null;
/** Finds redis-server, installing Debian's package as root when missing; null when it cannot. */
export function ensureRedisServer(): string | null;
/** A TCP port nobody listens on right now. */
export function sparePort(): Promise<number>;

export interface ThrowawayRedis {
  url: string;
  port: number;
  /** Starts it again on the same port (after stop). */
  start(): Promise<void>;
  /** Kills it and waits until it is gone. */
  stop(): Promise<void>;
}

/** Starts redis-server on 127.0.0.1 as a child process and waits until it answers PING. */
export function startThrowawayRedis(options?: {
  binary?: string;
  port?: number;
}): Promise<ThrowawayRedis>;
