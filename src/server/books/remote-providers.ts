import type { AppConfig } from '../config';
import { createGoogleBooksProvider } from './google-books';
import { createOpenLibraryProvider } from './open-library';
import type { BookProvider } from './provider';

/** Names the app and a contact to providers, as Open Library asks of every client. */
export function providerUserAgent(config: Pick<AppConfig, 'appUrl' | 'supportEmail'>): string {
  return `HedgehogReadingBingo/1.0 (${config.appUrl}; ${config.supportEmail})`;
}

/** The remote links of the chain that the config enables, in order: Google, Open Library. */
export function createRemoteProviders(
  config: Pick<AppConfig, 'books' | 'appUrl' | 'supportEmail'>,
): BookProvider[] {
  const { books } = config;
  const providers: BookProvider[] = [];
  if (books.googleBooks.enabled) {
    providers.push(
      createGoogleBooksProvider({
        url: books.googleBooks.url,
        apiKey: books.googleBooks.apiKey,
        timeoutMs: books.timeoutMs,
      }),
    );
  }
  if (books.openLibrary.enabled) {
    providers.push(
      createOpenLibraryProvider({
        url: books.openLibrary.url,
        timeoutMs: books.timeoutMs,
        userAgent: providerUserAgent(config),
      }),
    );
  }
  return providers;
}
