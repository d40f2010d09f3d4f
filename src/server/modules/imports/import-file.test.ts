import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatCsv } from '../../../lib/csv';
import { messages } from '../../../lib/messages';
import { IMPORT_MAX_ROWS } from '../../../lib/schemas/imports';
import { bareTitle, isSameBook, matchSearchText } from './catalogue-match';
import { GOODREADS_COLUMNS } from './goodreads';
import { parseExportDate, parseIsbnCell, unwrapSpreadsheetText } from './import-fields';
import { detectFormat, parseLibraryExport } from './import-file';
import { parseStoryGraphRating, STORYGRAPH_COLUMNS } from './storygraph';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../tests/fixtures/${name}`, import.meta.url), 'utf8');

function parsedBooks(csv: string, options?: Parameters<typeof parseLibraryExport>[1]) {
  const parsed = parseLibraryExport(csv, options);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed;
}

/** A Goodreads row with its columns set by name; the rest empty. */
function goodreadsRow(values: Partial<Record<(typeof GOODREADS_COLUMNS)[number], string>>) {
  return GOODREADS_COLUMNS.map((column) => values[column] ?? '');
}

function goodreadsCsv(...rows: Partial<Record<(typeof GOODREADS_COLUMNS)[number], string>>[]) {
  return formatCsv([GOODREADS_COLUMNS, ...rows.map(goodreadsRow)]);
}

const validRow = {
  Title: 'Dune',
  Author: 'Frank Herbert',
  ISBN13: '="9780441172719"',
  'My Rating': '4',
  'Exclusive Shelf': 'read',
  'Date Read': '2022/11/03',
  'Date Added': '2022/10/01',
};

describe('field readers', () => {
  it("unwraps Goodreads' spreadsheet-formula ISBNs", () => {
    expect(unwrapSpreadsheetText('="0441172717"')).toBe('0441172717');
    expect(unwrapSpreadsheetText('=""')).toBe('');
    expect(unwrapSpreadsheetText('9780441172719')).toBe('9780441172719');
  });

  it('reads ISBN-13s and ISBN-10s, and treats other ids as no ISBN', () => {
    expect(parseIsbnCell('="9780441172719"')).toEqual({
      isbn: '9780441172719',
      isbn10: '0441172717',
    });
    expect(parseIsbnCell('="0441172717"')).toEqual({
      isbn: '9780441172719',
      isbn10: '0441172717',
    });
    expect(parseIsbnCell('B00ABCD123')).toEqual({ isbn: null, isbn10: null });
    expect(parseIsbnCell('c8a2f3e0-1111-4a2b-9c3d-123456789abc')).toEqual({
      isbn: null,
      isbn10: null,
    });
    expect(parseIsbnCell('="9780441172718"')).toEqual({ isbn: null, isbn10: null });
  });

  it('reads 2023/05/14 dates as midnight UTC and refuses anything else', () => {
    expect(parseExportDate('2023/05/14', 'Date Read')).toEqual({
      value: '2023-05-14T00:00:00.000Z',
    });
    expect(parseExportDate('2023-5-4', 'Date Read')).toEqual({
      value: '2023-05-04T00:00:00.000Z',
    });
    expect(parseExportDate('', 'Date Read')).toEqual({ value: null });
    for (const bad of ['14/05/2023', '2023/02/30', 'yesterday', '2023/13/01']) {
      expect(parseExportDate(bad, 'Date Read')).toEqual({
        error: messages.imports.dateInvalid('Date Read', bad),
      });
    }
  });

  it('rounds StoryGraph stars to whole stars 1-5, 0 or empty being unrated', () => {
    expect(parseStoryGraphRating('4.5')).toEqual({ value: 5 });
    expect(parseStoryGraphRating('3.75')).toEqual({ value: 4 });
    expect(parseStoryGraphRating('2.25')).toEqual({ value: 2 });
    expect(parseStoryGraphRating('0.25')).toEqual({ value: 1 });
    expect(parseStoryGraphRating('5')).toEqual({ value: 5 });
    expect(parseStoryGraphRating('0')).toEqual({ value: null });
    expect(parseStoryGraphRating('')).toEqual({ value: null });
    for (const bad of ['5.5', '7', '-1', 'four']) {
      expect(parseStoryGraphRating(bad)).toEqual({ error: messages.imports.ratingInvalid(bad) });
    }
  });
});

describe('a Goodreads export', () => {
  const parsed = parsedBooks(fixture('goodreads_library_export.csv'));
  const byTitle = (prefix: string) => parsed.books.find((b) => b.title.startsWith(prefix))!;

  it('is recognised by its header row, every row read', () => {
    expect(parsed.format).toBe('goodreads');
    expect(parsed.books).toHaveLength(8);
    expect(parsed.books.map((b) => b.row)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('reads a rated, read book with its ISBNs, dates, review and edition', () => {
    expect(byTitle('The Hobbit')).toEqual({
      row: 2,
      shelf: 'read',
      shelfName: 'read',
      title: 'The Hobbit',
      authors: 'J.R.R. Tolkien',
      isbn: '9780261103344',
      isbn10: '0261103342',
      rating: 5,
      finishedAt: '2023-05-14T00:00:00.000Z',
      addedAt: '2023-01-02T00:00:00.000Z',
      review: 'A cosy <b>adventure</b>, with "second breakfast".<script>alert(1)</script>',
      publisher: 'HarperCollins',
      pageCount: 310,
      publishedDate: '1995',
      averageRating: 4.29,
    });
  });

  it('reads My Rating 0 as unrated, and an empty ISBN as none', () => {
    expect(byTitle('The Hunger Games')).toMatchObject({ rating: null, finishedAt: null });
    expect(byTitle('Pride and Prejudice')).toMatchObject({
      isbn: null,
      isbn10: null,
      rating: 3,
      review: 'Line one\nLine two',
    });
  });

  it('sorts rows by exclusive shelf, and joins additional authors', () => {
    expect(byTitle('The Name of the Wind').shelf).toBe('to-read');
    expect(byTitle('Project Hail Mary')).toMatchObject({
      shelf: 'other',
      shelfName: 'currently-reading',
    });
    expect(byTitle('Good Omens').authors).toBe('Terry Pratchett, Neil Gaiman');
    expect(byTitle('Some Obscure Zine').averageRating).toBeNull();
  });

  it('lists every malformed row by number: a rating of 7, a date, a missing title', () => {
    const result = parseLibraryExport(fixture('goodreads_malformed.csv'));
    expect(result).toEqual({
      ok: false,
      errors: [
        { row: 2, message: messages.imports.ratingInvalid('7') },
        { row: 3, message: messages.imports.dateInvalid('Date Read', '14/05/2023') },
        { row: 4, message: messages.imports.titleMissing },
      ],
    });
  });
});

describe('a StoryGraph export', () => {
  const parsed = parsedBooks(fixture('storygraph_export.csv'));
  const byTitle = (title: string) => parsed.books.find((b) => b.title === title)!;

  it('is recognised by its header row', () => {
    expect(parsed.format).toBe('storygraph');
    expect(parsed.books).toHaveLength(7);
  });

  it('reads statuses, rounded stars, dates and ISBNs, keeping rows with other ids', () => {
    expect(byTitle('Jane Eyre')).toMatchObject({
      shelf: 'read',
      rating: 5,
      isbn: '9780141441146',
      finishedAt: '2023-03-10T00:00:00.000Z',
      addedAt: '2023-02-01T00:00:00.000Z',
      review: 'Reader, I loved it.',
    });
    expect(byTitle('The Little Prince')).toMatchObject({ isbn: null, rating: 4 });
    expect(byTitle('Klara and the Sun')).toMatchObject({ shelf: 'to-read', rating: null });
    expect(byTitle('Piranesi')).toMatchObject({ shelf: 'other', shelfName: 'did-not-finish' });
    expect(byTitle('Circe')).toMatchObject({ rating: null, authors: 'Madeline Miller' });
    expect(byTitle('Tomorrow, and Tomorrow, and Tomorrow').shelf).toBe('other');
  });

  it('lists its malformed rows too', () => {
    const header = [...STORYGRAPH_COLUMNS];
    const row = (values: Record<string, string>) => header.map((c) => values[c] ?? '');
    const csv = formatCsv([
      header,
      row({ Title: 'Fine', Authors: 'A', 'Read Status': 'read', 'Star Rating': '4.25' }),
      row({ Title: 'Too many stars', 'Read Status': 'read', 'Star Rating': '6' }),
      row({ Title: 'Bad date', 'Read Status': 'read', 'Last Date Read': '2024/02/31' }),
      row({ Title: '', 'Read Status': 'to-read' }),
    ]);
    expect(parseLibraryExport(csv)).toEqual({
      ok: false,
      errors: [
        { row: 3, message: messages.imports.ratingInvalid('6') },
        { row: 4, message: messages.imports.dateInvalid('Last Date Read', '2024/02/31') },
        { row: 5, message: messages.imports.titleMissing },
      ],
    });
  });
});

describe('the file as a whole', () => {
  it('matches columns by header name, in any order and case, extra columns allowed', () => {
    const columns = ['exclusive shelf', 'My Rating ', 'Extra', 'Title', 'Author', 'ISBN13'];
    const csv = formatCsv([
      [...columns, 'ISBN', 'Date Read', 'Date Added', 'Book Id'],
      ['to-read', '0', 'x', 'Dune', 'Frank Herbert', '="9780441172719"', '', '', '', '1'],
    ]);
    const { books } = parsedBooks(csv);
    expect(books[0]).toMatchObject({ title: 'Dune', shelf: 'to-read', isbn: '9780441172719' });
  });

  it('reads a file with a byte order mark and CRLF line ends', () => {
    const csv = `\uFEFF${goodreadsCsv(validRow)}`;
    expect(csv).toContain('\r\n');
    expect(parsedBooks(csv).books).toHaveLength(1);
  });

  it('refuses a file whose header is neither export', () => {
    for (const csv of ['Name,Rating\nDune,5\n', '', '\n\n']) {
      expect(parseLibraryExport(csv)).toEqual({
        ok: false,
        errors: [{ row: 1, message: messages.imports.unknownFormat }],
      });
    }
  });

  it('refuses a file that lacks a column its format needs', () => {
    const csv = 'Book Id,Title,Author,Exclusive Shelf\n1,Dune,Frank Herbert,read\n';
    expect(parseLibraryExport(csv)).toEqual({
      ok: false,
      errors: [
        {
          row: 1,
          message: messages.imports.missingColumns(
            'Goodreads',
            'ISBN, ISBN13, My Rating, Date Read, Date Added',
          ),
        },
      ],
    });
    // Told it is a StoryGraph export, a Goodreads file lacks StoryGraph's columns.
    const told = parseLibraryExport(goodreadsCsv(validRow), { format: 'storygraph' });
    expect(told.ok).toBe(false);
  });

  it('detects the format by the columns only that export has', () => {
    expect(detectFormat([...GOODREADS_COLUMNS])).toBe('goodreads');
    expect(detectFormat([...STORYGRAPH_COLUMNS])).toBe('storygraph');
    expect(detectFormat(['Title', 'Author', 'ISBN'])).toBeNull();
  });

  it('refuses a row with the wrong number of fields, and a quote never closed', () => {
    const short = `${goodreadsCsv(validRow)}1,Dune\r\n`;
    expect(parseLibraryExport(short)).toEqual({
      ok: false,
      errors: [{ row: 3, message: messages.imports.fieldCount(2, GOODREADS_COLUMNS.length) }],
    });
    const unclosed = `${goodreadsCsv(validRow)}1,"Dune\r\n`;
    const result = parseLibraryExport(unclosed);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors[0]?.row).toBe(3);
  });

  it('passes over blank lines, counting rows as the file does', () => {
    const csv = `${goodreadsCsv(validRow)}\r\n${goodreadsCsv({ ...validRow, Title: 'Dune Messiah', 'My Rating': '9' }).split('\r\n')[1]}\r\n`;
    const result = parseLibraryExport(csv);
    expect(result).toEqual({
      ok: false,
      errors: [{ row: 4, message: messages.imports.ratingInvalid('9') }],
    });
  });

  it(`refuses more than ${IMPORT_MAX_ROWS} rows`, () => {
    const csv = goodreadsCsv(...Array.from({ length: IMPORT_MAX_ROWS + 1 }, () => validRow));
    expect(parseLibraryExport(csv)).toEqual({
      ok: false,
      errors: [
        { row: IMPORT_MAX_ROWS + 2, message: messages.imports.tooManyRows(IMPORT_MAX_ROWS) },
      ],
    });
  });
});

describe('matching a row without ISBN to the catalogue', () => {
  it('drops the Goodreads series suffix', () => {
    expect(bareTitle('The Hunger Games (The Hunger Games, #1)')).toBe('The Hunger Games');
    expect(bareTitle('Dune (Dune, #1.5)')).toBe('Dune');
    expect(bareTitle('Notes (and Other Things)')).toBe('Notes (and Other Things)');
  });

  it('needs the title and an author in common', () => {
    const catalogue = { title: 'Pride and Prejudice', authors: 'Jane Austen' };
    expect(isSameBook({ title: 'Pride and Prejudice', authors: 'Jane Austen' }, catalogue)).toBe(
      true,
    );
    expect(isSameBook({ title: 'pride & prejudice', authors: 'Jane Austen' }, catalogue)).toBe(
      false,
    );
    expect(isSameBook({ title: 'PRIDE AND PREJUDICE', authors: 'jane austen' }, catalogue)).toBe(
      true,
    );
    expect(isSameBook({ title: 'Pride and Prejudice', authors: 'Someone Else' }, catalogue)).toBe(
      false,
    );
    expect(
      isSameBook(
        { title: 'Sapiens: A Brief History of Humankind', authors: 'Yuval Noah Harari' },
        { title: 'Sapiens', authors: 'Yuval Noah Harari' },
      ),
    ).toBe(true);
    expect(
      isSameBook(
        { title: 'The Little Prince', authors: 'Antoine de Saint-Exupéry' },
        { title: 'The Little Prince', authors: 'Antoine de Saint-Exupery, Richard Howard' },
      ),
    ).toBe(true);
  });

  it('searches by title and surname', () => {
    expect(
      matchSearchText({ title: 'Dune: Deluxe Edition (Dune, #1)', authors: 'Frank Herbert' }),
    ).toBe('Dune Herbert');
  });
});
