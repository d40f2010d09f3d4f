import { normalizeIsbn } from '../../../lib/isbn';
import { messages } from '../../../lib/messages';
import type {
  FinishedBookResponse,
  FinishedBooksResponse,
  WantToReadBookResponse,
  WantToReadResponse,
} from '../../../lib/schemas/library';
import type { DatabaseHandle } from '../../db/database';
import { conflict, notFound } from '../../http/errors';
import type { Viewer } from '../../http/viewer';
import { toFinishedBook, toWantToReadBook } from './library.mapper';
import { createLibraryRepository } from './library.repository';

/** An ISBN from a path: normalised when it is a valid one, else looked up as given. */
function isbnFromPath(raw: string): string {
  return normalizeIsbn(raw) ?? raw;
}

/**
 * The reader's own finished books and want-to-read list (SPEC.md sections 2 and 5). Every
 * change applies to the signed-in reader's rows only (SPEC.md section 6).
 */
export function createLibraryService(database: DatabaseHandle) {
  const library = createLibraryRepository(database.db);

  const catalogueBook = async (isbn: string) => {
    const book = await library.findCatalogueBook(normalizeIsbn(isbn) ?? isbn);
    if (!book) throw notFound(messages.book.notFound);
    return book;
  };

  return {
    async listFinished(viewer: Viewer): Promise<FinishedBooksResponse> {
      const rows = await library.listFinished(viewer.id);
      return { books: rows.map(toFinishedBook), count: rows.length };
    },

    /** Adds a catalogue book the reader has read (the recommendation onboarding). */
    async addFinished(viewer: Viewer, isbn: string): Promise<FinishedBookResponse> {
      const book = await catalogueBook(isbn);
      const added = await library.insertFinished(viewer.id, book, new Date().toISOString());
      if (!added) throw conflict(messages.book.alreadyAdded, 'ALREADY_ADDED');
      const row = await library.findFinished(viewer.id, book.isbn);
      if (!row) throw notFound(messages.book.notInFinished);
      return { book: toFinishedBook(row), message: messages.book.added };
    },

    async rateFinished(viewer: Viewer, rawIsbn: string, rating: number) {
      const isbn = isbnFromPath(rawIsbn);
      const rated = await library.rateFinished(viewer.id, isbn, rating, new Date().toISOString());
      const row = rated ? await library.findFinished(viewer.id, isbn) : undefined;
      if (!row) throw notFound(messages.book.notInFinished);
      return { book: toFinishedBook(row), message: messages.book.ratingUpdated };
    },

    async removeFinished(viewer: Viewer, rawIsbn: string) {
      const removed = await library.deleteFinished(viewer.id, isbnFromPath(rawIsbn));
      if (!removed) throw notFound(messages.book.notInFinished);
      return { message: messages.book.removed };
    },

    async listWantToRead(viewer: Viewer): Promise<WantToReadResponse> {
      const rows = await library.listWantToRead(viewer.id);
      return { books: rows.map(toWantToReadBook), count: rows.length };
    },

    async addWantToRead(viewer: Viewer, isbn: string): Promise<WantToReadBookResponse> {
      const book = await catalogueBook(isbn);
      const added = await library.insertWantToRead(viewer.id, book, new Date().toISOString());
      if (!added) throw conflict(messages.wantToRead.alreadyListed, 'ALREADY_LISTED');
      const row = await library.findWantToRead(viewer.id, book.isbn);
      if (!row) throw notFound(messages.wantToRead.notListed);
      return { book: toWantToReadBook(row), message: messages.wantToRead.added };
    },

    async removeWantToRead(viewer: Viewer, rawIsbn: string) {
      const removed = await library.deleteWantToRead(viewer.id, isbnFromPath(rawIsbn));
      if (!removed) throw notFound(messages.wantToRead.notListed);
      return { message: messages.wantToRead.removed };
    },
  };
}
