import type { AppConfig } from './config';
import type { Auth } from './auth/auth';
import type { Captcha } from './captcha/captcha';
import type { DatabaseHandle } from './db/database';
import type { Mailer } from './mail/mailer';
import type { BooksService } from './modules/books/books.service';

/** What the modules are built from; app.ts makes one per app. */
export interface AppDeps {
  config: AppConfig;
  database: DatabaseHandle;
  auth: Auth;
  captcha: Captcha;
  mailer: Mailer;
  /** One books service for the app, so every feature shares its providers and cache. */
  books: BooksService;
}
