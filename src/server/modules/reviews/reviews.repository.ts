import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Blog posts and the finished-books shelf, written together when a review is posted. */
export function createReviewsRepository(db: Kysely<Database>) {
  return {
    async insertPost(post: {
      userId: string;
      bookIsbn: string;
      bookTitle: string;
      coverUrl: string | null;
      body: string;
      rating: number;
      createdAt: string;
    }) {
      const id = randomUUID();
      await db
        .insertInto('blogPosts')
        .values({ id, ...post })
        .execute();
      return { id, ...post };
    },

    /**
     * Records the rating and review on the user's finished books (SPEC.md section 3: the id is
     * user id, underscore, book id); a book already there keeps its finished date.
     */
    async upsertFinishedBook(entry: {
      userId: string;
      bookIsbn: string;
      title: string;
      author: string;
      coverUrl: string | null;
      rating: number;
      review: string;
      at: string;
    }) {
      const { at, ...fields } = entry;
      await db
        .insertInto('finishedBooks')
        .values({
          ...fields,
          id: `${entry.userId}_${entry.bookIsbn}`,
          ratingDate: at,
          finishedAt: at,
          createdAt: at,
        })
        .onConflict((oc) =>
          oc.columns(['userId', 'bookIsbn']).doUpdateSet({
            rating: entry.rating,
            review: entry.review,
            ratingDate: at,
          }),
        )
        .execute();
    },
  };
}
