import { sql, type Kysely } from 'kysely';
import {
  foldText,
  SUBJECT_GROUPS,
  type BookFacts,
  type ChallengeRule,
} from '../../../lib/challenge-rules';
import type { DatabaseKind } from '../../db/database';
import type { Database } from '../../db/schema';
import { parseStoredCategories, storedNumberOrNull } from '../books/books.mapper';

/** A book with what the rules read and what a suggestion shows. */
export interface CandidateBook extends BookFacts {
  isbn: string;
  coverUrl: string | null;
}

interface CandidateRow {
  isbn: string;
  title: string;
  authors: string;
  subjects: string;
  pageCount: number | string | null;
  firstPublishedYear: number | string | null;
  language: string | null;
  originalLanguage: string | null;
  coverUrl: string | null;
}

function toCandidate(row: CandidateRow): CandidateBook {
  return {
    isbn: row.isbn,
    title: row.title,
    authors: row.authors,
    subjects: parseStoredCategories(row.subjects),
    pageCount: storedNumberOrNull(row.pageCount),
    firstPublishedYear: storedNumberOrNull(row.firstPublishedYear),
    language: row.language,
    originalLanguage: row.originalLanguage,
    coverUrl: row.coverUrl,
  };
}

const COLUMNS = [
  'b.isbn',
  'b.title',
  'b.authors',
  'b.subjects',
  'b.pageCount',
  'b.firstPublishedYear',
  'b.language',
  'b.originalLanguage',
  'b.coverUrl',
] as const;
const PLAIN_COLUMNS = [
  'isbn',
  'title',
  'authors',
  'subjects',
  'pageCount',
  'firstPublishedYear',
  'language',
  'originalLanguage',
  'coverUrl',
] as const;

/** Words of a subject label as an FTS5 phrase or a PostgreSQL D-weighted phrase. */
function labelWords(label: string): string[] {
  return foldText(label).split(' ').filter(Boolean);
}

/**
 * What suggestions read: the card's squares and rules, the reader's placements, private
 * facts and reading lists, and a few catalogue books per rule through an index each.
 */
export function createSuggestionsRepository(db: Kysely<Database>, kind: DatabaseKind) {
  // Books only an import vouches for are left out of the shared catalogue's suggestions:
  // until confirmed (issue 8) they belong to their importer, who meets them on their own
  // lists instead.
  const catalogue = () => db.selectFrom('books').select(PLAIN_COLUMNS).where('confirmed', '=', 1);
  type Query = ReturnType<typeof catalogue>;

  async function ftsCandidates(
    column: 'facets' | 'authors',
    phrases: string[][],
    limit: number,
  ): Promise<CandidateBook[]> {
    const usable = phrases.filter((words) => words.length > 0);
    if (usable.length === 0) return [];
    if (kind === 'postgres') {
      const weight = column === 'facets' ? 'D' : 'A';
      const query = usable
        .map((words) => `(${words.map((w) => `'${w}':${weight}`).join(' <-> ')})`)
        .join(' | ');
      const rows = await catalogue()
        .where(sql<boolean>`search @@ to_tsquery('simple', ${query})`)
        .limit(limit)
        .execute();
      return rows.map(toCandidate);
    }
    const match = `${column} : (${usable.map((words) => `"${words.join(' ')}"`).join(' OR ')})`;
    const rows = await catalogue()
      .where(
        sql<boolean>`rowid in (select rowid from books_fts where books_fts match ${match} limit ${limit})`,
      )
      .execute();
    return rows.map(toCandidate);
  }

  return {
    async listCells(gridId: string) {
      const rows = await db
        .selectFrom('cells')
        .select(['id', 'position', 'challenge', 'rule'])
        .where('gridId', '=', gridId)
        .orderBy('position')
        .execute();
      return rows.map((r) => ({ ...r, position: Number(r.position) }));
    },

    async findCell(cellId: string) {
      const row = await db
        .selectFrom('cells')
        .select(['id', 'gridId', 'position', 'challenge', 'rule'])
        .where('id', '=', cellId)
        .executeTakeFirst();
      return row ? { ...row, position: Number(row.position) } : undefined;
    },

    async listPlacements(userId: string, gridId: string) {
      const rows = await db
        .selectFrom('placements as p')
        .innerJoin('cells as c', 'c.id', 'p.cellId')
        .select(['p.cellId', 'c.position', 'p.bookIsbn', 'p.isWildcard'])
        .where('p.userId', '=', userId)
        .where('p.gridId', '=', gridId)
        .execute();
      return rows.map((r) => ({
        cellId: r.cellId,
        position: Number(r.position),
        bookIsbn: r.bookIsbn,
        isWildcard: Number(r.isWildcard) === 1,
      }));
    },

    async readerFacts(userId: string) {
      const row = await db
        .selectFrom('users')
        .select(['birthYear', 'firstName'])
        .where('id', '=', userId)
        .executeTakeFirst();
      return {
        birthYear: storedNumberOrNull(row?.birthYear ?? null),
        firstName: row?.firstName ?? null,
      };
    },

    /** The reader's want-to-read books, newest first, with their catalogue facts. */
    async wantToRead(userId: string): Promise<CandidateBook[]> {
      const rows = await db
        .selectFrom('wantToRead as w')
        .innerJoin('books as b', 'b.isbn', 'w.bookIsbn')
        .select(COLUMNS)
        .where('w.userId', '=', userId)
        .orderBy('w.addedAt', 'desc')
        .execute();
      return rows.map(toCandidate);
    },

    /** The reader's finished books, most recently finished first, with their facts. */
    async finished(userId: string): Promise<CandidateBook[]> {
      const rows = await db
        .selectFrom('finishedBooks as f')
        .innerJoin('books as b', 'b.isbn', 'f.bookIsbn')
        .select(COLUMNS)
        .where('f.userId', '=', userId)
        .orderBy('f.finishedAt', 'desc')
        .execute();
      return rows.map(toCandidate);
    },

    async readPoints(userId: string): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select('points')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.points);
    },

    async findBook(isbn: string): Promise<CandidateBook | undefined> {
      const row = await db
        .selectFrom('books as b')
        .select(COLUMNS)
        .where('b.isbn', '=', isbn)
        .executeTakeFirst();
      return row ? toCandidate(row) : undefined;
    },

    /**
     * A few catalogue books likely to meet `rule`, read through an index (the caller checks
     * each). `context` gives the year and the reader's facts the rule may need.
     */
    async catalogueCandidates(
      rule: ChallengeRule,
      context: { currentYear: number; birthYear: number | null; firstName: string | null },
      limit: number,
    ): Promise<CandidateBook[]> {
      const run = async (query: Query) => (await query.limit(limit).execute()).map(toCandidate);
      switch (rule.kind) {
        case 'subject':
          return ftsCandidates(
            'facets',
            rule.subjects.map((s) => labelWords(SUBJECT_GROUPS[s].label)),
            limit,
          );
        case 'pages':
          return rule.comparison === 'under'
            ? run(
                catalogue()
                  .where('pageCount', '<', rule.pages)
                  .where('pageCount', '>', 0)
                  .orderBy('pageCount', 'desc'),
              )
            : run(catalogue().where('pageCount', '>', rule.pages).orderBy('pageCount'));
        case 'birth-year':
          if (context.birthYear === null) return [];
          return run(catalogue().where('firstPublishedYear', '=', context.birthYear));
        case 'published-in':
          return run(catalogue().where('firstPublishedYear', '=', rule.year));
        case 'years-ago':
          return run(
            catalogue()
              .where('firstPublishedYear', '<=', context.currentYear - rule.years)
              .orderBy('firstPublishedYear', 'desc'),
          );
        case 'title-words':
          // Long titles first, from the length index; the caller counts the words.
          return run(catalogue().orderBy(sql`length(title)`, 'desc'));
        case 'language': {
          const query = catalogue().where('originalLanguage', '=', rule.language);
          return run(rule.translated ? query.where('language', '<>', rule.language) : query);
        }
        case 'author-first-name': {
          const first = context.firstName ? (foldText(context.firstName).split(' ')[0] ?? '') : '';
          return first ? ftsCandidates('authors', [[first]], limit) : [];
        }
      }
    },
  };
}

export type SuggestionsRepository = ReturnType<typeof createSuggestionsRepository>;
