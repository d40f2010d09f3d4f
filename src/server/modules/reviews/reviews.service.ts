import { createHash } from 'node:crypto';
import sanitizeHtml from 'sanitize-html';
import { profileNameOf } from '../../../lib/display-name';
import { normalizeIsbn } from '../../../lib/isbn';
import { messages } from '../../../lib/messages';
import type { BlogPost, PostReviewBody } from '../../../lib/schemas/reviews';
import type { DatabaseHandle } from '../../db/database';
import { toIso } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { keepAnswer, keptAnswer } from '../../http/idempotency';
import type { Viewer } from '../../http/viewer';
import { coverUrlOf } from '../books/books.mapper';
import { createBooksRepository } from '../books/books.repository';
import { createReviewsRepository } from './reviews.repository';

/** Plain text with basic emphasis only: no links, images, scripts, styles or attributes. */
const REVIEW_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['b', 'i', 'em', 'strong', 'p', 'br'],
  allowedAttributes: {},
  allowedSchemes: [],
  disallowedTagsMode: 'discard',
};

/** Sanitises a review (DESIGN.md: review text is cleaned on the server before it is stored). */
export function sanitizeReview(text: string): string {
  return sanitizeHtml(text, REVIEW_HTML).trim();
}

function hasVisibleText(html: string): boolean {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim() !== '';
}

/** Reviews after a placement: a blog post and the finished-books entry, in one transaction. */
export function createReviewsService(database: DatabaseHandle) {
  const { db, kind } = database;
  return {
    async postReview(
      viewer: Viewer,
      body: PostReviewBody,
      idempotencyKey?: string,
    ): Promise<BlogPost> {
      const isbn = normalizeIsbn(body.isbn);
      if (!isbn) throw badRequest(messages.bingo.invalidIsbn, 'INVALID_ISBN');
      const text = sanitizeReview(body.text);
      // A review made only of markup (say, a script) has nothing left to post.
      if (!hasVisibleText(text)) throw badRequest(messages.review.textRequired, 'REVIEW_EMPTY');
      const book = await createBooksRepository(db, kind).findByIsbn(isbn);
      if (!book) throw notFound(messages.book.notFound);

      // The stored cover is the real one (or null); answers show the generated one instead.
      const coverUrl = book.coverUrl;
      const createdAt = new Date().toISOString();
      const write = idempotencyKey
        ? {
            userId: viewer.id,
            key: idempotencyKey,
            fingerprint: `review ${isbn} ${body.rating} ${createHash('sha256').update(text).digest('base64url')}`,
          }
        : undefined;
      const answer = await db.transaction().execute(async (trx): Promise<BlogPost> => {
        // Issue 26: the same review sent again under its key is answered from the first.
        if (write) {
          if (kind === 'postgres') {
            await trx
              .selectFrom('users')
              .select('id')
              .where('id', '=', viewer.id)
              .forUpdate()
              .execute();
          }
          const kept = await keptAnswer<BlogPost>(trx, write);
          if (kept) return kept;
        }
        const reviews = createReviewsRepository(trx);
        const inserted = await reviews.insertPost({
          userId: viewer.id,
          bookIsbn: isbn,
          bookTitle: book.title,
          coverUrl,
          body: text,
          rating: body.rating,
          createdAt,
        });
        await reviews.upsertFinishedBook({
          userId: viewer.id,
          bookIsbn: isbn,
          title: book.title,
          author: book.authors,
          coverUrl,
          rating: body.rating,
          review: text,
          at: createdAt,
        });
        const post: BlogPost = {
          id: inserted.id,
          userId: viewer.id,
          username: profileNameOf({ displayUsername: viewer.username, name: viewer.name }),
          bookIsbn: inserted.bookIsbn,
          bookTitle: inserted.bookTitle,
          coverUrl: coverUrlOf(book),
          body: inserted.body,
          rating: inserted.rating,
          createdAt: toIso(inserted.createdAt),
        };
        if (write) await keepAnswer(trx, write, post);
        return post;
      });
      return answer;
    },
  };
}
