import type { Kysely } from 'kysely';
import type { YearBookInput, YearCardInput } from '../../../lib/reading-year';
import type { Database } from '../../db/schema';
import { toIso } from '../../db/schema';
import { parseStoredCategories, storedNumberOrNull } from '../books/books.mapper';

/** What a reader's year is counted from: their finished books and their card totals. */
export function createReadingYearRepository(db: Kysely<Database>) {
  return {
    /**
     * Every book the reader finished (all years: earlier ones decide which authors return),
     * with the catalogue's page count, subjects and language. One read of the reader's rows
     * through finished_books_user_finished_idx; 500 books take a few milliseconds.
     */
    async listFinishedBooks(userId: string): Promise<YearBookInput[]> {
      const rows = await db
        .selectFrom('finishedBooks as f')
        .leftJoin('books as b', 'b.isbn', 'f.bookIsbn')
        .select(['f.bookIsbn', 'f.title', 'f.author', 'f.finishedAt', 'f.rating'])
        .select(['b.authors', 'b.pageCount', 'b.subjects', 'b.language'])
        .where('f.userId', '=', userId)
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
