import { authorKey, splitAuthors } from '../../../lib/recommendations';

/** Goodreads appends the series to a title: "The Hunger Games (The Hunger Games, #1)". */
const SERIES_SUFFIX = /\s*\([^()]*#\s*\d+(\.\d+)?\)\s*$/;

/** A title without its series suffix. */
export function bareTitle(title: string): string {
  return title.replace(SERIES_SUFFIX, '').trim();
}

/**
 * The forms a title is compared in: whole, and without a subtitle ("Sapiens: A Brief History
 * of Humankind" is the catalogue's "Sapiens"); case, accents and punctuation aside.
 */
export function titleKeys(title: string): string[] {
  const bare = bareTitle(title);
  const keys = [authorKey(bare)];
  const colon = bare.indexOf(':');
  if (colon > 0) keys.push(authorKey(bare.slice(0, colon)));
  return keys.filter((key) => key !== '');
}

/** The words a catalogue search for the row uses: the title (before a subtitle) and the surname. */
export function matchSearchText(book: { title: string; authors: string }): string {
  const title = bareTitle(book.title).split(':')[0] ?? '';
  const surname = splitAuthors(book.authors)[0]?.split(/\s+/).at(-1) ?? '';
  return `${title} ${surname}`.trim();
}

/**
 * True when a catalogue book is the row's book: a title form in common and the row's lead
 * author among the book's authors (or the book's lead author among the row's).
 */
export function isSameBook(
  row: { title: string; authors: string },
  book: { title: string; authors: string },
): boolean {
  const rowTitles = titleKeys(row.title);
  const bookTitles = new Set(titleKeys(book.title));
  if (!rowTitles.some((key) => bookTitles.has(key))) return false;
  const rowAuthors = splitAuthors(row.authors).map(authorKey);
  const bookAuthors = splitAuthors(book.authors).map(authorKey);
  const [rowLead] = rowAuthors;
  const [bookLead] = bookAuthors;
  return (
    (rowLead !== undefined && bookAuthors.includes(rowLead)) ||
    (bookLead !== undefined && rowAuthors.includes(bookLead))
  );
}
