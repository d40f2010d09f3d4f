import { sql, type Kysely } from 'kysely';
import { POPULAR_MIN_READERS } from '../../../lib/schemas/season';
import type { Database } from '../../db/schema';

/** PostgreSQL sends sums and counts (bigint) as strings. */
type Count = number | string;

/** A full card: all 16 bits of card_reader_totals.mask. */
export const FULL_MASK = (1 << 16) - 1;

export interface PopularRow {
  isbn: string;
  title: string;
  authors: string;
  coverUrl: string | null;
  readers: Count;
}

/**
 * Issue 25 (decision 029): what others read and a season's figures, read from the counts
 * migrations 021 and 022 keep (card_reader_totals, card_day_counts, square_book_counts), never
 * from the placements. square_book_counts holds only readers who count (visible, not
 * suspended, members of a club card's club), so nothing here joins users.
 */
export function createSeasonRepository(db: Kysely<Database>) {
  return {
    /** The grid with its club's name; null for an unknown id. */
    async grid(gridId: string) {
      return db
        .selectFrom('grids as g')
        .leftJoin('clubs as c', 'c.id', 'g.clubId')
        .select(['g.id', 'g.title', 'g.createdAt', 'g.clubId', 'g.resetDate', 'c.name as clubName'])
        .where('g.id', '=', gridId)
        .executeTakeFirst();
    },

    /** The square and its grid's club (null: the shared card). */
    async cell(cellId: string) {
      return db
        .selectFrom('cells as c')
        .innerJoin('grids as g', 'g.id', 'c.gridId')
        .select(['c.id', 'c.gridId', 'g.clubId'])
        .where('c.id', '=', cellId)
        .executeTakeFirst();
    },

    /** Whether the reader is a member of the club. */
    async isMember(clubId: string, userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('clubMembers')
        .select('userId')
        .where('clubId', '=', clubId)
        .where('userId', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The newest card of the grid's scope (the shared cards, or its club's). */
    async newestOfScope(clubId: string | null): Promise<string | null> {
      const row = await db
        .selectFrom('grids')
        .select('id')
        .$call((q) =>
          clubId === null ? q.where('clubId', 'is', null) : q.where('clubId', '=', clubId),
        )
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.id ?? null;
    },

    cells(gridId: string) {
      return db
        .selectFrom('cells')
        .select(['id', 'position', 'challenge', 'label'])
        .where('gridId', '=', gridId)
        .orderBy('position')
        .execute();
    },

    /**
     * A square's most used books, at least POPULAR_MIN_READERS readers each. The index
     * square_book_counts_band_idx orders a square's rows by band (the largest power of two not
     * above the count, migration 023), so: the band of the square's `2 * limit`-th row in band
     * order, then the rows of that band and above, sorted by count. A row of a lower band has
     * fewer readers than each of those, so it cannot be among the best; a few index entries
     * are read.
     */
    async popular(cellId: string, limit: number): Promise<PopularRow[]> {
      // The top rows first, then their books: the join never decides the plan. Twice the rows,
      // in case an admin rejected some of the books.
      const wanted = limit * 2;
      const lowestBand = db
        .selectFrom('squareBookCounts')
        .select('band')
        .where('cellId', '=', cellId)
        .where('readers', '>=', POPULAR_MIN_READERS)
        .orderBy('band', 'desc')
        .limit(1)
        .offset(wanted - 1);
      const top = db
        .selectFrom('squareBookCounts')
        .select(['bookIsbn', 'readers'])
        .where('cellId', '=', cellId)
        .where('band', '>=', sql<number>`coalesce((${lowestBand}), 1)`)
        .where('readers', '>=', POPULAR_MIN_READERS)
        .orderBy('readers', 'desc')
        .orderBy('bookIsbn')
        .limit(wanted);
      const rows = await db
        .selectFrom(top.as('s'))
        .innerJoin('books as b', 'b.isbn', 's.bookIsbn')
        .select(['b.isbn', 'b.title', 'b.authors', 'b.coverUrl', 's.readers'])
        .where('b.rejectedAt', 'is', null)
        .orderBy('s.readers', 'desc')
        .orderBy('s.bookIsbn')
        .execute();
      return rows.slice(0, limit);
    },

    /** The shared card's totals over every reader's row (SQL sums, never a loop over readers). */
    async sharedTotals(gridId: string) {
      const row = await db
        .selectFrom('cardReaderTotals')
        .select([
          sql<Count>`count(*)`.as('participants'),
          sql<Count | null>`sum(squares)`.as('squares'),
          sql<Count | null>`sum(case when lines > 0 then 1 else 0 end)`.as('withLine'),
          sql<Count | null>`sum(case when mask = ${FULL_MASK} then 1 else 0 end)`.as('full'),
        ])
        .where('gridId', '=', gridId)
        .executeTakeFirstOrThrow();
      return {
        participants: Number(row.participants),
        squares: Number(row.squares ?? 0),
        withLine: Number(row.withLine ?? 0),
        full: Number(row.full ?? 0),
      };
    },

    /** Readers per square of the shared card: sums of card_day_counts (one book per square). */
    async sharedSquares(gridId: string) {
      const rows = await db
        .selectFrom('cardDayCounts')
        .select(['cellId', sql<Count>`sum(placements)`.as('readers')])
        .where('gridId', '=', gridId)
        .groupBy('cellId')
        .execute();
      return new Map(rows.map((r) => [r.cellId, Number(r.readers)]));
    },

    /** A club card's rows of its current members only (a club is small: read them all). */
    memberRows(gridId: string, clubId: string) {
      return db
        .selectFrom('cardReaderTotals as t')
        .innerJoin('clubMembers as m', (join) =>
          join.onRef('m.userId', '=', 't.userId').on('m.clubId', '=', clubId),
        )
        .select(['t.squares', 't.mask', 't.lines'])
        .where('t.gridId', '=', gridId)
        .execute();
    },

    /** Distinct books with a reader who counts, over the card's squares. */
    async distinctBooks(cellIds: string[]): Promise<number> {
      if (cellIds.length === 0) return 0;
      const row = await db
        .selectFrom('squareBookCounts')
        .select(sql<Count>`count(distinct book_isbn)`.as('n'))
        .where('cellId', 'in', cellIds)
        .where('readers', '>', 0)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * The authors most placed on the card. An author is named only when one square and book of
     * theirs has POPULAR_MIN_READERS readers (distinct readers, so at least that many read them).
     */
    async authors(cellIds: string[], limit: number) {
      if (cellIds.length === 0) return [];
      const rows = await db
        .selectFrom('squareBookCounts as s')
        .innerJoin('books as b', 'b.isbn', 's.bookIsbn')
        .select(['b.authors', sql<Count>`sum(s.readers)`.as('placements')])
        .where('s.cellId', 'in', cellIds)
        .where('s.readers', '>', 0)
        .where('b.rejectedAt', 'is', null)
        .where('b.authors', '<>', '')
        .groupBy('b.authors')
        .having(sql<Count>`max(s.readers)`, '>=', POPULAR_MIN_READERS)
        .orderBy(sql`sum(s.readers)`, 'desc')
        .orderBy('b.authors')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ name: r.authors, placements: Number(r.placements) }));
    },
  };
}

export type SeasonRepository = ReturnType<typeof createSeasonRepository>;
