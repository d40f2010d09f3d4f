import type { PasswordHashCost } from './auth/password-hash';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** True for a listening address only this machine can reach. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * Which hops of X-Forwarded-For to believe. Never every hop: the entries left of the ones our
 * own proxies appended are whatever the client wrote, so `true` means the one proxy in front.
 * A number trusts that many hops whoever they are (the app must be reachable only through its
 * proxies); addresses (or proxy-addr's names such as `loopback`) trust those proxies alone.
 */
function trustedProxies(value: string): false | number | string[] | undefined {
  const lower = value.trim().toLowerCase();
  if (lower === 'false') return false;
  if (lower === 'true') return 1;
  if (/^\d+$/.test(lower))
    return Number(lower) >= 1 && Number(lower) <= 99 ? Number(lower) : undefined;
  const proxies = lower.split(',').map((entry) => entry.trim());
  const known = (entry: string) => PROXY_NAMES.has(entry) || isIP(entry.split('/')[0] ?? '') !== 0;
  return proxies.every(known) ? proxies : undefined;
}

/** proxy-addr's names for address ranges. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Every setting the server reads, checked once at start-up (README's settings table mirrors it). */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  APP_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** Unset: bingo.sqlite in DATA_DIR, so one setting moves everything the app keeps. */
  SQLITE_PATH: z.string().min(1).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  DATA_DIR: z.string().min(1).default('data'),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Hedgehog Reading Bingo <no-reply@hedgehog-bingo.local>'),
  SUPPORT_EMAIL: z.email().default('support@hedgehog-bingo.example'),
  CAPTCHA_COST: z.coerce.number().int().min(1).max(1_000_000).default(5000),
  /** Unset: `fast` under NODE_ENV=test, `standard` otherwise (auth/password-hash.ts). */
  PASSWORD_HASH_COST: z.enum(['standard', 'fast']).optional(),
  /** A flag, or `accounts`: the demo accounts and the card only, without the community. */
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'accounts'])
    .transform((v) => (v === 'accounts' ? v : v === 'true' || v === '1' || v === 'yes'))
    .optional(),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  RATE_LIMIT_SCALE: z.coerce.number().min(0).max(1_000_000).default(1),
  TRUST_PROXY: z
    .string()
    .transform((value, context) => {
      const trusted = trustedProxies(value);
      if (trusted !== undefined) return trusted;
      context.addIssue({
        code: 'custom',
        message:
          'true (one proxy), false, a number of proxies (1-99), or their addresses (or loopback) separated by commas',
      });
      return z.NEVER;
    })
    .default(false),
  STATIC_DIR: z.string().min(1).default('dist/client'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  GOOGLE_BOOKS_ENABLED: booleanFlag.default(false),
  GOOGLE_BOOKS_API_KEY: z.string().min(1).optional(),
  GOOGLE_BOOKS_URL: z.url().default('https://www.googleapis.com/books/v1/volumes'),
  OPEN_LIBRARY_ENABLED: booleanFlag.default(false),
  OPEN_LIBRARY_URL: z.url().default('https://openlibrary.org/search.json'),
  BOOK_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
  /** Issue 23: guests untouched this many days are erased by the server itself. */
  GUEST_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Issue 27: live-event streams one instance holds open (LIVE_STREAMS_MAX when unset). */
  LIVE_STREAMS_MAX: z.coerce.number().int().min(1).max(1_000_000).optional(),
  /** Issue 27 (decision 032): threads that draw PNGs; unset, min(2, cores - 1), at least 1. */
  PNG_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** Issue 27 (decision 032): PNGs that may wait for a thread; past them, 503. */
  PNG_QUEUE_MAX: z.coerce.number().int().min(0).max(10_000).default(16),
});

export type Env = z.infer<typeof EnvSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  appUrl: string;
  database: { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };
  /** Shared state between instances (decision 012); unset, everything stays in-process. */
  redisUrl: string | undefined;
  dataDir: string;
  authSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  outboxDir: string;
  supportEmail: string;
  captchaCost: number;
  /** scrypt's cost for new password hashes: `fast` only ever under NODE_ENV=test. */
  passwordHashCost: PasswordHashCost;
  seedDemo: boolean;
  /**
   * With `seedDemo`: also the demo community (readers, posts, friends, a club, a past card;
   * seed/community.ts). Never in production; off with SEED_DEMO=accounts.
   */
  seedCommunity: boolean;
  authRateLimit: { max: number; windowMs: number };
  /** Multiplies every per-reader and per-address limit; 0 lifts them all (issue 10). */
  rateLimitScale: number;
  /** False, the number of proxies in front, or their addresses (see `trustedProxies`). */
  trustProxy: false | number | string[];
  staticDir: string;
  logLevel: Env['LOG_LEVEL'];
  books: {
    googleBooks: { enabled: boolean; apiKey: string | undefined; url: string };
    openLibrary: { enabled: boolean; url: string };
    timeoutMs: number;
  };
  /** Issue 23: guests untouched this many days are erased (modules/erasure/guest-sweep.ts). */
  guestRetentionDays: number;
  /** Issue 27 (decision 032): worker threads that draw PNGs, off the event loop. */
  pngWorkers: number;
  /** Issue 27 (decision 032): PNGs waiting for a thread at most; the next one is answered 503. */
  pngQueueMax: number;
}

/** PNG render threads by default: one core is the event loop's, at most two draw. */
export function defaultPngWorkers(cores = availableParallelism()): number {
  return Math.min(2, Math.max(1, cores - 1));
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Blank values count as unset, as in most .env tooling. */
function withoutBlanks(source: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(source).filter((entry): entry is [string, string] => !!entry[1]?.trim()),
  );
}

/** Reads a development secret from the data folder, creating it once, so sessions survive restarts. */
function readOrCreateDevSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Builds the server's configuration from the environment. A bad setting throws a ConfigError
 * whose message names every offending variable, so start-up stops with a clear reason.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(withoutBlanks(source));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid settings:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.AUTH_SECRET) {
    throw new ConfigError('Invalid settings:\n  AUTH_SECRET: required when NODE_ENV=production');
  }
  if (e.PASSWORD_HASH_COST === 'fast' && e.NODE_ENV !== 'test') {
    throw new ConfigError(
      'Invalid settings:\n  PASSWORD_HASH_COST: fast is for the test suites only (NODE_ENV=test)',
    );
  }
  const seedDemo =
    e.SEED_DEMO === undefined
      ? e.NODE_ENV !== 'production' && isLoopback(e.HOST)
      : e.SEED_DEMO !== false;
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    appUrl,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', path: e.SQLITE_PATH ?? path.join(e.DATA_DIR, 'bingo.sqlite') },
    redisUrl: e.REDIS_URL,
    dataDir: e.DATA_DIR,
    authSecret: e.AUTH_SECRET ?? readOrCreateDevSecret(e.DATA_DIR),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    outboxDir: path.join(e.DATA_DIR, 'outbox'),
    supportEmail: e.SUPPORT_EMAIL,
    captchaCost: e.CAPTCHA_COST,
    passwordHashCost: e.PASSWORD_HASH_COST ?? (e.NODE_ENV === 'test' ? 'fast' : 'standard'),
    // Demo accounts have printed passwords: never seeded in production unless asked for.
    // The demo accounts' passwords are in the code: by default only on a server no one else can
    // reach (the loopback default of `npm start`), never in production.
    seedDemo,
    // The community is for trying the app: never in production, even with SEED_DEMO=true.
    seedCommunity: seedDemo && e.NODE_ENV !== 'production' && e.SEED_DEMO !== 'accounts',
    authRateLimit: { max: e.AUTH_RATE_LIMIT_MAX, windowMs: e.AUTH_RATE_LIMIT_WINDOW_MS },
    rateLimitScale: e.RATE_LIMIT_SCALE,
    trustProxy: e.TRUST_PROXY,
    staticDir: e.STATIC_DIR,
    logLevel: e.LOG_LEVEL,
    books: {
      googleBooks: {
        enabled: e.GOOGLE_BOOKS_ENABLED,
        apiKey: e.GOOGLE_BOOKS_API_KEY,
        url: e.GOOGLE_BOOKS_URL,
      },
      openLibrary: { enabled: e.OPEN_LIBRARY_ENABLED, url: e.OPEN_LIBRARY_URL },
      timeoutMs: e.BOOK_PROVIDER_TIMEOUT_MS,
    },
    guestRetentionDays: e.GUEST_RETENTION_DAYS,
    liveStreamsMax: e.LIVE_STREAMS_MAX,
    pngWorkers: e.PNG_WORKERS ?? defaultPngWorkers(),
    pngQueueMax: e.PNG_QUEUE_MAX,
  };
}
