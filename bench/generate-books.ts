import { rmSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { isValidIsbn13 } from '../src/lib/isbn';
import { bookFacets } from '../src/server/books/book-facets';
import { isbn13To10 } from '../src/server/books/book-record';
import { seededRandom } from './stats';

/**
 * A deterministic catalogue of made-up books for the search benchmark: titles and authors from
 * word lists, picked with a skew (a few words are everywhere, most are rare, as in a real
 * catalogue), and unique, valid ISBN-13s. The first n books of a bigger catalogue are exactly
 * the catalogue of n, so two sizes share their queries.
 *
 *   npx tsx bench/generate-books.ts 100000 /tmp/books.sqlite   (a migrated SQLite file)
 *   npx tsx bench/generate-books.ts 5                          (prints a sample as JSON)
 */

// prettier-ignore
const ADJECTIVES = [
  'Silent', 'Hidden', 'Golden', 'Lost', 'Broken', 'Secret', 'Burning', 'Quiet', 'Wild',
  'Forgotten', 'Crimson', 'Silver', 'Dark', 'Bright', 'Little', 'Last', 'First', 'Endless',
  'Frozen', 'Midnight', 'Winter', 'Summer', 'Autumn', 'Spring', 'Hollow', 'Painted', 'Glass',
  'Iron', 'Paper', 'Velvet', 'Bitter', 'Sweet', 'Gentle', 'Restless', 'Wandering', 'Sleeping',
  'Curious', 'Brave', 'Lonely', 'Ancient', 'Distant', 'Northern', 'Southern', 'Emerald',
  'Scarlet', 'Shattered', 'Whispering', 'Drowned', 'Starlit', 'Moonlit', 'Stolen', 'Borrowed',
  'Invisible', 'Impossible', 'Remarkable', 'Peculiar', 'Tangled', 'Crooked', 'Prickly', 'Tiny',
  'Enchanted', 'Haunted', 'Savage', 'Tender', 'Radiant', 'Salted', 'Wicked', 'Faithful',
  'Unquiet', 'Amber', 'Cobalt', 'Feathered', 'Thorned', 'Mossy', 'Sunken', 'Eternal', 'Kindred',
  'Hungry', 'Patient', 'Nameless', 'Luminous', 'Fragile', 'Clockwork', 'Copper', 'Weathered',
];

// prettier-ignore
const NOUNS = [
  'Hedgehog', 'Garden', 'River', 'House', 'Kingdom', 'Forest', 'Mountain', 'Island', 'Library',
  'Letter', 'Daughter', 'Son', 'Queen', 'King', 'Witch', 'Wolf', 'Fox', 'Crow', 'Raven', 'Owl',
  'Hobbit', 'Dragon', 'Lighthouse', 'Harbour', 'Orchard', 'Meadow', 'Castle', 'Tower', 'Bridge',
  'Mirror', 'Clock', 'Map', 'Key', 'Door', 'Window', 'Road', 'Train', 'Ship', 'Storm', 'Sea',
  'Ocean', 'Star', 'Moon', 'Sun', 'Sky', 'Shadow', 'Light', 'Fire', 'Ash', 'Bone', 'Blood',
  'Heart', 'Song', 'Story', 'Tale', 'Book', 'Word', 'Name', 'Dream', 'Night', 'Morning', 'Year',
  'Summer', 'Memory', 'Promise', 'Secret', 'Lie', 'Truth', 'War', 'Peace', 'Empire', 'City',
  'Village', 'Valley', 'Marsh', 'Desert', 'Winter', 'Snow', 'Rain', 'Thunder', 'Wind', 'Feather',
  'Thorn', 'Rose', 'Lily', 'Willow', 'Oak', 'Acorn', 'Badger', 'Otter', 'Mole', 'Rabbit', 'Hare',
  'Mouse', 'Beetle', 'Moth', 'Spider', 'Sparrow', 'Heron', 'Whale', 'Pearl', 'Crown', 'Sword',
  'Shield', 'Thief', 'Spy', 'Detective', 'Doctor', 'Teacher', 'Baker', 'Painter', 'Weaver',
  'Gardener', 'Keeper', 'Hunter', 'Sailor', 'Soldier', 'Stranger', 'Orphan', 'Widow', 'Bride',
  'Ghost', 'Giant', 'Angel', 'Saint', 'Prophet', 'Poet', 'Librarian', 'Cartographer', 'Alchemist',
  'Apprentice', 'Inheritance', 'Covenant', 'Labyrinth', 'Archive', 'Atlas', 'Almanac', 'Chronicle',
  'Sonata', 'Requiem', 'Lullaby', 'Ballad', 'Riddle', 'Cipher', 'Compass', 'Lantern', 'Candle',
  'Quilt', 'Teacup', 'Kettle', 'Chimney', 'Attic', 'Cellar', 'Staircase', 'Courtyard', 'Cathedral',
  'Monastery', 'Vineyard', 'Quarry', 'Glacier', 'Volcano', 'Canyon', 'Prairie', 'Tundra', 'Reef',
];

// prettier-ignore
const PLACES = [
  'Avalon', 'Bramblewood', 'Thornbury', 'Elderglen', 'Marrowdale', 'Kestrel Bay', 'Oxford',
  'Prague', 'Lisbon', 'Kyoto', 'Vienna', 'Istanbul', 'Cairo', 'Havana', 'Dublin', 'Edinburgh',
  'Venice', 'Seville', 'Kraków', 'Reykjavík', 'Montréal', 'São Paulo', 'Zürich', 'Málaga',
  'Hollowmere', 'Ashford', 'Wrenfield', 'Saltmarsh', 'Greywater', 'Brackenridge', 'Larkspur',
  'Fernhollow', 'Stonebridge', 'Highgarden', 'Mistvale', 'Duskwater', 'Amberley', 'Rookhaven',
];

// prettier-ignore
const FIRST_NAMES = [
  'Anna', 'James', 'Mary', 'John', 'Elizabeth', 'Robert', 'Sarah', 'Michael', 'Emily', 'David',
  'Charlotte', 'William', 'Jane', 'Thomas', 'Margaret', 'George', 'Alice', 'Henry', 'Clara',
  'Edward', 'Lucy', 'Arthur', 'Virginia', 'Oscar', 'Agatha', 'Charles', 'Emily', 'Leo', 'Ursula',
  'Terry', 'Neil', 'Toni', 'Haruki', 'Gabriel', 'Isabel', 'Chimamanda', 'Salman', 'Kazuo', 'Zadie',
  'Hilary', 'Donna', 'Ian', 'Kate', 'Madeline', 'Ruth', 'Philip', 'Roald', 'Beatrix', 'Astrid',
  'Selma', 'Tove', 'Jules', 'Victor', 'Honoré', 'Émile', 'Gustave', 'Françoise', 'Simone',
  'Albert', 'Marguerite', 'José', 'Jorge', 'Julio', 'Mario', 'Elena', 'Italo', 'Umberto', 'Natalia',
  'Fyodor', 'Leo', 'Anton', 'Ivan', 'Mikhail', 'Olga', 'Wisława', 'Stanisław', 'Günter', 'Hermann',
  'Thomas', 'Franz', 'Stefan', 'Bertha', 'Sigrid', 'Knut', 'Halldór', 'Orhan', 'Elif', 'Naguib',
  'Ngũgĩ', 'Wole', 'Nadine', 'Yasunari', 'Yukio', 'Banana', 'Mo', 'Eileen', 'Ken', 'Pramoedya',
  'Rabindranath', 'Arundhati', 'Vikram', 'Jhumpa', 'Amitav', 'Rohinton', 'Kiran', 'Min', 'Han',
];

// prettier-ignore
const SURNAMES = [
  'Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Robinson',
  'Wright', 'Thompson', 'Evans', 'Walker', 'White', 'Roberts', 'Green', 'Hall', 'Wood', 'Jackson',
  'Clarke', 'Hobbes', 'Hobbs', 'Tolkien', 'Austen', 'Brontë', 'Dickens', 'Eliot', 'Hardy', 'Woolf',
  'Christie', 'Pratchett', 'Gaiman', 'Morrison', 'Murakami', 'García', 'Márquez', 'Allende',
  'Adichie', 'Rushdie', 'Ishiguro', 'Smith', 'Mantel', 'Tartt', 'McEwan', 'Atkinson', 'Miller',
  'Lively', 'Pullman', 'Dahl', 'Potter', 'Lindgren', 'Lagerlöf', 'Jansson', 'Verne', 'Hugo',
  'Balzac', 'Zola', 'Flaubert', 'Sagan', 'Beauvoir', 'Camus', 'Duras', 'Saramago', 'Borges',
  'Cortázar', 'Vargas', 'Ferrante', 'Calvino', 'Eco', 'Ginzburg', 'Dostoevsky', 'Tolstoy',
  'Chekhov', 'Turgenev', 'Bulgakov', 'Tokarczuk', 'Szymborska', 'Lem', 'Grass', 'Hesse', 'Mann',
  'Kafka', 'Zweig', 'Undset', 'Hamsun', 'Laxness', 'Pamuk', 'Shafak', 'Mahfouz', 'Thiong’o',
  'Soyinka', 'Gordimer', 'Kawabata', 'Mishima', 'Yoshimoto', 'Yan', 'Chang', 'Liu', 'Toer',
  'Tagore', 'Roy', 'Seth', 'Lahiri', 'Ghosh', 'Mistry', 'Desai', 'Jin', 'Kang', 'Oyeyemi',
  'Okorafor', 'Achebe', 'Emecheta', 'Ngozi', 'Baldwin', 'Ellison', 'Hurston', 'Walker',
  'Steinbeck', 'Faulkner', 'Hemingway', 'Fitzgerald', 'Salinger', 'Vonnegut', 'Bradbury',
  'LeGuin', 'Butler', 'Atwood', 'Munro', 'Shields', 'Ondaatje', 'Carey', 'Winton', 'Flanagan',
  'Hulme', 'Catton', 'Frame', 'Kingsolver', 'Robinson', 'Strout', 'Tyler', 'Oates', 'Irving',
  'Franzen', 'Chabon', 'Eugenides', 'Whitehead', 'Ward', 'Yanagihara', 'Ng', 'Lee', 'Park', 'Kim',
  'Nguyen', 'Tran', 'Pham', 'Hosseini', 'Shamsie', 'Hamid', 'Aslam', 'Mohammed', 'Hassan',
  'Ibrahim', 'Novak', 'Horvat', 'Kovač', 'Nowak', 'Wiśniewski', 'Müller', 'Schmidt', 'Schneider',
  'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Hoffmann', 'Schäfer', 'Dubois', 'Lefèvre',
  'Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino',
  'Fernández', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Díaz', 'Álvarez', 'Silva',
];

const GENRES = ['Fiction', 'Fantasy', 'Mystery', 'Romance', 'History', 'Poetry', 'Children'];
/** A second subject for every third book (issue 11), chosen from n so titles stay as they were. */
// prettier-ignore
const SECOND_SUBJECTS = [
  'Science Fiction', 'Cooking', 'Nonfiction', 'Classics', 'Juvenile Fiction', 'Biography',
  'Thriller', 'Drama', 'Humor',
];
/** Original languages of the one book in 17 that is an English translation. */
const ORIGINAL_LANGUAGES = ['es', 'fr', 'de', 'it', 'ja', 'ru', 'pt', 'sv'];

/** A made-up book, as the search benchmark stores it. */
export interface GeneratedBook {
  isbn: string;
  isbn10: string | null;
  title: string;
  authors: string;
  genre: string;
  publishedDate: string;
  pageCount: number;
  /** Issue 11's facts; derived from n, so the random draws (titles, authors) are unchanged. */
  subjects: string[];
  firstPublishedYear: number;
  originalLanguage: string;
}

/**
 * The n-th unique ISBN-13: a 9-digit body from a bijection of n (an odd multiplier not
 * divisible by 5 permutes 0..10^9-1), so the numbers look scattered but never repeat.
 */
export function isbnForIndex(n: number): string {
  const body = (n * 387_420_489 + 123_456_789) % 1_000_000_000;
  const prefix = n % 7 === 0 ? '979' : '978';
  const twelve = `${prefix}${String(body).padStart(9, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(twelve[i]) * (i % 2 === 0 ? 1 : 3);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}

/**
 * How much the first words of each list are favoured: with 1.3 the most frequent noun is in
 * about 3 % of titles and a typical one in under 1 %, while 'the' is in about half of them.
 */
const SKEW = 1.3;

/** English plurals, enough for the noun list. */
function plural(noun: string): string {
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  if (/(s|x|ch|sh)$/.test(noun)) return `${noun}es`;
  if (noun.endsWith('f')) return `${noun.slice(0, -1)}ves`;
  return `${noun}s`;
}

function titleOf(random: ReturnType<typeof seededRandom>, n: number): string {
  const adjective = () => ADJECTIVES[random.skewed(ADJECTIVES.length, SKEW)]!;
  const noun = () => NOUNS[random.skewed(NOUNS.length, SKEW)]!;
  const place = () => PLACES[random.skewed(PLACES.length, SKEW)]!;
  let title: string;
  switch (random.int(10)) {
    case 0:
      title = `The ${adjective()} ${noun()}`;
      break;
    case 1:
      title = `The ${noun()} of ${place()}`;
      break;
    case 2:
      title = `${adjective()} ${plural(noun())}`;
      break;
    case 3:
      title = `A ${noun()} for the ${noun()}`;
      break;
    case 4:
      title = `The ${noun()}'s ${noun()}`;
      break;
    case 5:
      title = `${noun()} and ${noun()}`;
      break;
    case 6:
      title = `The ${adjective()} ${noun()} of ${place()}`;
      break;
    case 7:
      title = `${adjective()} ${noun()} in ${place()}`;
      break;
    case 8:
      title = `${noun()} ${noun()}`;
      break;
    default:
      title = `${noun()}`;
  }
  // Series volumes, as real catalogues are full of them.
  if (random.int(6) === 0) title += ` (The ${noun()} Cycle, #${1 + random.int(9)})`;
  // Rarely, a title word appears nowhere else: a long tail of unique words.
  if (random.int(25) === 0) title += ` ${n.toString(36)}`;
  return title;
}

function authorsOf(random: ReturnType<typeof seededRandom>): string {
  const person = () =>
    `${FIRST_NAMES[random.skewed(FIRST_NAMES.length, SKEW)]!} ${SURNAMES[random.skewed(SURNAMES.length, SKEW)]!}`;
  return random.int(10) === 0 ? `${person()}, ${person()}` : person();
}

/** Books 0..count-1 of the one deterministic catalogue. */
export function* generateBooks(count: number, seed = 20_240_601): Generator<GeneratedBook> {
  const random = seededRandom(seed);
  for (let n = 0; n < count; n += 1) {
    const isbn = isbnForIndex(n);
    const title = titleOf(random, n);
    const authors = authorsOf(random);
    const genre = GENRES[random.int(GENRES.length)]!;
    const publishedDate = String(1850 + random.int(175));
    const pageCount = 80 + random.int(900);
    yield {
      isbn,
      isbn10: isbn13To10(isbn),
      title,
      authors,
      genre,
      publishedDate,
      pageCount: n % 11 === 0 ? 24 + (n % 70) : pageCount,
      subjects: n % 3 === 0 ? [genre, SECOND_SUBJECTS[(n / 3) % SECOND_SUBJECTS.length]!] : [genre],
      firstPublishedYear: Number(publishedDate),
      originalLanguage:
        n % 17 === 0 ? ORIGINAL_LANGUAGES[(n / 17) % ORIGINAL_LANGUAGES.length]! : 'en',
    };
  }
}

/**
 * Writes books into the `books` table of a migrated SQLite file (the FTS triggers index them),
 * with its own connection, one transaction per 20,000 rows. Returns the ms it took.
 */
export function insertBooks(sqlitePath: string, books: Iterable<GeneratedBook>): number {
  const started = performance.now();
  const sqlite = new SqliteDatabase(sqlitePath);
  try {
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    const insert = sqlite.prepare(
      `insert into books (isbn, isbn10, title, authors, genre, categories, published_date,
        page_count, language, source, created_at, updated_at, subjects, first_published_year,
        original_language, facets)
       values (?, ?, ?, ?, ?, ?, ?, ?, 'en', 'demo', ?, ?, ?, ?, ?, ?)`,
    );
    const now = new Date().toISOString();
    const writeBatch = sqlite.transaction((batch: GeneratedBook[]) => {
      for (const b of batch) {
        const categories = JSON.stringify(b.subjects);
        const facets = bookFacets({
          subjects: b.subjects,
          language: 'en',
          originalLanguage: b.originalLanguage,
        });
        insert.run(
          b.isbn,
          b.isbn10,
          b.title,
          b.authors,
          b.genre,
          categories,
          b.publishedDate,
          b.pageCount,
          now,
          now,
          categories,
          b.firstPublishedYear,
          b.originalLanguage,
          facets,
        );
      }
    });
    let batch: GeneratedBook[] = [];
    for (const book of books) {
      batch.push(book);
      if (batch.length === 20_000) {
        writeBatch(batch);
        batch = [];
      }
    }
    if (batch.length > 0) writeBatch(batch);
  } finally {
    sqlite.close();
  }
  return performance.now() - started;
}

async function main() {
  const count = Number(process.argv[2] ?? 10);
  const target = process.argv[3];
  if (!target) {
    console.log(JSON.stringify([...generateBooks(count)], null, 2));
    return;
  }
  const { openDatabase } = await import('../src/server/db/database');
  const { migrateToLatest } = await import('../src/server/db/migrate');
  const file = path.resolve(target);
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  const handle = openDatabase({ database: { kind: 'sqlite', path: file } });
  await migrateToLatest(handle);
  await handle.close();
  const books = [...generateBooks(count)];
  const invalid = books.filter((b) => !isValidIsbn13(b.isbn)).length;
  const unique = new Set(books.map((b) => b.isbn)).size;
  const ms = insertBooks(file, books);
  console.log(
    `${count} books into ${file} in ${ms.toFixed(0)} ms (${unique} unique ISBNs, ${invalid} invalid)`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await main();
