import type { Kysely } from 'kysely';
import type { YearBookInput, YearCardInput } from '../../../lib/reading-year';
import type { Database } from '../../db/schema';
import { toIso } from '../../db/schema';
import { parseStoredCategories, storedNumberOrNull } from '../books/books.mapper';

/** What a reader's year is counted from: their finished books and their card totals. */
export function createReadingYearRepository(db: Kysely<Database>) {
  return {
    /**
     * The books the reader finished in [from, to), with the catalogue's page count, subjects
     * and language: a range of finished_books_user_finished_idx, and the books by primary key.
     */
    async listFinishedBooks(userId: string, from: string, to: string): Promise<YearBookInput[]> {
      const rows = await db
        .selectFrom('finishedBooks as f')
        .leftJoin('books as b', 'b.isbn', 'f.bookIsbn')
        .select(['f.bookIsbn', 'f.title', 'f.author', 'f.finishedAt', 'f.rating'])
        .select(['b.authors', 'b.pageCount', 'b.subjects', 'b.language'])
        .where('f.userId', '=', userId)
        .where('f.finishedAt', '>=', from)
        .where('f.finishedAt', '<', to)
        .execute();
      return rows.map((row) => ({
        isbn: row.bookIsbn,
        title: row.title,
        author: row.author ?? row.authors ?? null,
        finishedAt: toIso(row.finishedAt),
        rating: storedNumberOrNull(row.rating),
        pages: storedNumberOrNull(row.pageCount),
        subjects: row.subjects ? parseStoredCategories(row.subjects) : [],
        language: row.language ?? null,
      }));
    },

    /** The distinct author fields of the books finished before `before` (they return). */
    async listAuthorsBefore(userId: string, before: string): Promise<(string | null)[]> {
      const rows = await db
        .selectFrom('finishedBooks as f')
        .leftJoin('books as b', 'b.isbn', 'f.bookIsbn')
        .select((eb) => eb.fn.coalesce('f.author', 'b.authors').as('authors'))
        .where('f.userId', '=', userId)
        .where('f.finishedAt', '<', before)
        .distinct()
        .execute();
      return rows.map((row) => row.authors ?? null);
    },

    /** Every finished date of the reader (the index alone answers), for the years with data. */
    async listFinishedDates(userId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('finishedBooks')
        .select('finishedAt')
        .where('userId', '=', userId)
        .execute();
      return rows.map((row) => toIso(row.finishedAt));
    },

    /**
     * The reader's squares and lines on each card (card_reader_totals, migration 021). Club
     * cards only when `withClubCards`: another reader's year shows the shared cards alone, so
     * it never tells which clubs the reader is in.
     */
    async listCards(userId: string, withClubCards: boolean): Promise<YearCardInput[]> {
      const rows = await db
        .selectFrom('cardReaderTotals as t')
        .innerJoin('grids as g', 'g.id', 't.gridId')
        .select(['t.gridId', 'g.title', 't.squares', 't.lines', 't.firstAt', 't.lastAt'])
        .where('t.userId', '=', userId)
        .$if(!withClubCards, (q) => q.where('g.clubId', 'is', null))
        .execute();
      return rows.map((row) => ({
        gridId: row.gridId,
        title: row.title,
        squares: Number(row.squares),
        lines: Number(row.lines),
        firstAt: toIso(row.firstAt),
        lastAt: toIso(row.lastAt),
      }));
    },
  };
}
