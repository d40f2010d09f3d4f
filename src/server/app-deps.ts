import type { AppConfig } from './config';
import type { Auth } from './auth/auth';
import type { SignInLockout } from './auth/sign-in-lockout';
import type { Captcha } from './captcha/captcha';
import type { DatabaseHandle } from './db/database';
import type { Mailer } from './mail/mailer';
import type { BooksService } from './modules/books/books.service';
import type { PngRenderer } from './modules/shares/share-card-png';
import type { MessageBus } from './shared/bus';
import type { DataChanges } from './shared/data-changes';
import type { SharedRedis } from './shared/redis';

/** What the modules are built from; app.ts makes one per app. */
export interface AppDeps {
  config: AppConfig;
  database: DatabaseHandle;
  auth: Auth;
  captcha: Captcha;
  mailer: Mailer;
  /** One books service for the app, so every feature shares its providers and cache. */
  books: BooksService;
  /** Live updates and session revocations; through Redis between instances when REDIS_URL is set. */
  bus: MessageBus;
  /** The shared Redis (REDIS_URL), for state every instance sees; undefined on one instance. */
  redis: SharedRedis | undefined;
  /** Failed sign-ins per account (issue 8); the admin's readers page reads and clears it. */
  lockout: SignInLockout;
  /**
   * A user's sessions changed (role, suspension, erasure): every instance forgets its cached
   * copies at once (the shared stamp, then the bus), so the next request reads the database.
   */
  sessionsChanged: (userId: string) => Promise<void>;
  /** What kept answers are keyed on, on both databases and across instances (decision 027). */
  changes: DataChanges;
  /** Issue 27 (decision 032): PNGs drawn by worker threads, off the event loop; closed with the app. */
  png: PngRenderer;
}
