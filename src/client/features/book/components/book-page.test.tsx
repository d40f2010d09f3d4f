import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../lib/messages';
import type { BookDetails } from '../../../../lib/schemas/books';
import { buildUser } from '../../../test-utils/factories';
import { apiErrorReply, mockApi, type MockRoutes } from '../../../test-utils/mock-api';
import { renderApp } from '../../../test-utils/render-app';

const ISBN = '9780441013593';

function buildDetails(overrides: Partial<BookDetails> = {}): BookDetails {
  return {
    isbn: ISBN,
    title: 'Dune',
    authors: 'Frank Herbert',
    genre: 'Fiction',
    publishedDate: '1965',
    coverUrl: `/api/books/${ISBN}/cover.svg`,
    description: 'A desert planet, a spice, a prophecy.',
    publisher: 'Chilton Books',
    pageCount: 412,
    categories: ['Fiction', 'Science Fiction'],
    language: 'en',
    averageRating: 4.5,
    ratingsCount: 100,
    ...overrides,
  };
}

function openBook(routes: MockRoutes) {
  const api = mockApi({ 'GET /api/me': { body: { user: buildUser() } }, ...routes });
  return { ...renderApp(`/book/${ISBN}`), api };
}

function fact(term: string) {
  const dt = screen.getByText(term, { selector: 'dt' });
  return dt.nextElementSibling;
}

describe('BookPage', () => {
  it('shows the cover, title and every detail', async () => {
    openBook({ [`GET /api/books/${ISBN}`]: { body: { book: buildDetails() } } });

    expect(await screen.findByRole('heading', { level: 1, name: 'Dune' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Cover of Dune' })).toBeInTheDocument();
    expect(fact('Authors')).toHaveTextContent('Frank Herbert');
    expect(fact('Published')).toHaveTextContent('1965');
    expect(fact('Publisher')).toHaveTextContent('Chilton Books');
    expect(fact('Pages')).toHaveTextContent('412');
    expect(fact('Categories')).toHaveTextContent('Fiction, Science Fiction');
    expect(fact('Language')).toHaveTextContent('English');
    expect(screen.getByText('A desert planet, a spice, a prophecy.')).toBeInTheDocument();
  });

  it("says 'Unknown' for every missing detail", async () => {
    openBook({
      [`GET /api/books/${ISBN}`]: {
        body: {
          book: buildDetails({
            authors: '',
            publishedDate: null,
            description: null,
            publisher: null,
            pageCount: null,
            categories: [],
            language: null,
          }),
        },
      },
    });

    await screen.findByRole('heading', { level: 1, name: 'Dune' });
    for (const term of ['Authors', 'Published', 'Publisher', 'Pages', 'Categories', 'Language']) {
      expect(fact(term)).toHaveTextContent(messages.book.unknown);
    }
    const description = screen.getByRole('heading', { name: 'Description' }).nextElementSibling;
    expect(description).toHaveTextContent(messages.book.unknown);
  });

  it("says 'Book not found' for an unknown ISBN", async () => {
    openBook({
      [`GET /api/books/${ISBN}`]: apiErrorReply(404, messages.book.notFound, 'NOT_FOUND'),
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: messages.book.notFound }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Bingo' })).toHaveAttribute('href', '/bingo');
  });

  it('says so when the book cannot be loaded', async () => {
    openBook({ [`GET /api/books/${ISBN}`]: apiErrorReply(500, 'boom') });
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.generic.serverError);
  });

  it('adds the book to Want to Read with the server toast', async () => {
    const { user, api } = openBook({
      [`GET /api/books/${ISBN}`]: { body: { book: buildDetails() } },
      'POST /api/want-to-read': {
        status: 201,
        body: { message: messages.wantToRead.added, book: {} },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add to Want to Read' }));

    expect(await screen.findByText(messages.wantToRead.added)).toBeInTheDocument();
    expect(api.requestsTo('POST /api/want-to-read')[0]?.body).toEqual({ isbn: ISBN });
    expect(screen.getByRole('button', { name: 'On your Want to Read list' })).toBeDisabled();
  });

  it('tells, as information, that the book is already on the list', async () => {
    const { user } = openBook({
      [`GET /api/books/${ISBN}`]: { body: { book: buildDetails() } },
      'POST /api/want-to-read': apiErrorReply(409, messages.wantToRead.alreadyListed),
    });
    await user.click(await screen.findByRole('button', { name: 'Add to Want to Read' }));

    const toast = await screen.findByText(messages.wantToRead.alreadyListed);
    expect(toast.closest('.Toastify__toast')).toHaveClass('Toastify__toast--info');
  });

  it("falls back to the spec's text when adding fails", async () => {
    const { user } = openBook({
      [`GET /api/books/${ISBN}`]: { body: { book: buildDetails() } },
      'POST /api/want-to-read': apiErrorReply(500, 'boom'),
    });
    await user.click(await screen.findByRole('button', { name: 'Add to Want to Read' }));

    const toast = await screen.findByText(messages.wantToRead.addFailed);
    expect(within(toast.closest('.Toastify__toast') as HTMLElement).queryByText('boom')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add to Want to Read' })).toBeEnabled();
  });
});
