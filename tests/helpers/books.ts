import type { FastifyInstance } from 'fastify';
import {
  loadCatalogueEntries,
  type DemoCatalogueEntry,
} from '../../src/server/books/demo-catalogue';

/** A valid ISBN-13 with the given 12-digit body (the check digit is computed). */
export function isbn13(body: string): string {
  if (!/^\d{12}$/.test(body)) throw new Error(`need 12 digits, got ${body}`);
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** The n-th made-up book ISBN (979 prefix, so it has no ISBN-10). */
export function syntheticIsbn(n: number): string {
  return isbn13(`979${String(n).padStart(9, '0')}`);
}

export const HOBBIT_ISBN10 = '0261103342';

export const HOBBIT: DemoCatalogueEntry = {
  isbn13: '9780261103344',
  title: 'The Hobbit',
  authors: ['J.R.R. Tolkien'],
  year: 1937,
  pages: 310,
  language: 'en',
  categories: ['Fantasy', 'Classics'],
  publisher: 'HarperCollins',
  description: 'In a hole in the ground there lived a hobbit.',
};

/** A few real books, in the shape of src/server/books/data/demo-catalogue.json. */
export const FIXTURE_BOOKS: DemoCatalogueEntry[] = [
  HOBBIT,
  {
    isbn13: '9780261103573',
    title: 'The Fellowship of the Ring',
    authors: ['J.R.R. Tolkien'],
    year: 1954,
    pages: 448,
    language: 'en',
    categories: ['Fantasy'],
    publisher: 'HarperCollins',
    description: 'The first part of The Lord of the Rings.',
  },
  {
    isbn13: '9780141439518',
    title: 'Pride and Prejudice',
    authors: ['Jane Austen'],
    year: 1813,
    pages: 480,
    language: 'en',
    categories: ['Classics', 'Romance'],
    publisher: 'Penguin Classics',
    description: 'It is a truth universally acknowledged...',
  },
  {
    isbn13: '9780441013593',
    title: 'Dune',
    authors: ['Frank Herbert'],
    year: 1965,
    pages: 617,
    language: 'en',
    categories: ['Science Fiction'],
    publisher: 'Ace',
    description: 'A desert planet.',
  },
  {
    isbn13: '9780141441146',
    title: 'Jane Eyre',
    authors: ['Charlotte Brontë'],
    year: 1847,
    pages: 624,
    language: 'en',
    categories: ['Classics'],
    publisher: 'Penguin Classics',
    description: 'Reader, I married him.',
  },
  {
    isbn13: '9780747532699',
    title: "Harry Potter and the Philosopher's Stone",
    authors: ['J.K. Rowling'],
    year: 1997,
    pages: 223,
    language: 'en',
    categories: [],
    publisher: 'Bloomsbury',
    description: null,
  },
  {
    isbn13: '9780156012195',
    title: 'The Little Prince',
    authors: ['Antoine de Saint-Exupéry', 'Richard Howard'],
    year: 1943,
    pages: 96,
    language: 'en',
    categories: ["Children's"],
    publisher: 'Harcourt',
    description: 'Draw me a sheep.',
  },
];

/** Sixteen made-up books, enough to fill a card. */
export const FILLER_BOOKS: DemoCatalogueEntry[] = Array.from({ length: 16 }, (_, i) => ({
  isbn13: syntheticIsbn(i + 1),
  title: `Filler Volume ${i + 1}`,
  authors: ['Hazel Hedgehog'],
  year: 2020,
  pages: 100,
  language: 'en',
  categories: ['General'],
  publisher: 'Hedgehog Press',
  description: 'A book that fills a square.',
}));

/** Loads books into the app's catalogue as the seed does (source 'demo'). */
export async function addBooks(
  app: FastifyInstance,
  books: readonly DemoCatalogueEntry[] = [...FIXTURE_BOOKS, ...FILLER_BOOKS],
) {
  return loadCatalogueEntries(app.deps.database, books);
}
