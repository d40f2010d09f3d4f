import type { ChallengeRule } from '../../lib/challenge-rules';
import type { ProfileVisibility } from '../db/schema';

/**
 * The demo community (issue 22): who reads what, fixed here so every empty database gets the
 * same world. Squares are positions 0-15 (0 top-left, 15 bottom-right); which book lands on a
 * square is picked in community.ts from the books that fit it. Everything here is invented.
 */

/** A community reader: an account that signs in with the demo reader's password. */
export interface CommunityReader {
  /** The local part of the email, @hedgehog-bingo.local. */
  key: string;
  name: string;
  /** The name shown on posts and leaderboards (a username: letters, digits, underscore). */
  username: string;
  /** Private facts two squares read (birth year, an author who shares the first name). */
  birthYear: number | null;
  firstName: string | null;
  visibility: ProfileVisibility;
  bio: string | null;
  /** Squares marked on the shared card, the past card and (members) the club card. */
  current: readonly number[];
  past: readonly number[];
  club?: readonly number[];
}

/** The demo reader's own squares (the account of demo-accounts.ts). */
export const DEMO_READER_SQUARES = {
  /** The first row and two more: one more book on square 12 makes a second line. */
  current: [0, 1, 2, 3, 6, 9],
  past: [4, 5, 6, 7, 10],
  club: [0, 4],
} as const;

export const COMMUNITY_READERS: readonly CommunityReader[] = [
  {
    key: 'margaret',
    name: 'Margaret Thornbury',
    username: 'MaggieReads',
    birthYear: 1962,
    firstName: 'Margaret',
    visibility: 'everyone',
    bio: 'Retired librarian. I read in the bath and I am not sorry.',
    // A full card: every row, column and diagonal, and the full-card bonus.
    current: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
    past: [0, 1, 2, 3, 5, 10, 15, 8],
    club: [0, 1, 2, 3, 5],
  },
  {
    key: 'emily',
    name: 'Emily Ashdown',
    username: 'emily_a',
    birthYear: 1985,
    firstName: 'Emily',
    visibility: 'everyone',
    bio: 'Night-shift nurse, daytime reader. Fantasy first, questions later.',
    // Two squares short of a full card.
    current: [0, 1, 2, 3, 4, 6, 7, 8, 9, 11, 12, 13, 14, 15],
    past: [2, 6, 10, 14, 1, 9],
    club: [0, 5, 10, 15],
  },
  {
    key: 'neil',
    name: 'Neil Mossgrove',
    username: 'NeilM',
    birthYear: 1974,
    firstName: 'Neil',
    visibility: 'everyone',
    bio: 'Science fiction, long walks and very strong tea.',
    current: [0, 1, 2, 3, 4, 8, 12, 10],
    past: [3, 6, 9, 12],
    club: [1, 6],
  },
  {
    key: 'laura',
    name: 'Laura Pennywhistle',
    username: 'laura_pw',
    birthYear: 1989,
    firstName: 'Laura',
    visibility: 'everyone',
    bio: 'Gardener. Bakes from every cookbook she borrows.',
    current: [0, 5, 10, 15, 7, 13],
    past: [0, 4, 8, 12, 6],
    club: [2, 3, 7],
  },
  {
    key: 'george',
    name: 'George Finch',
    username: 'GeorgeFinch',
    birthYear: 1992,
    firstName: 'George',
    visibility: 'everyone',
    bio: null,
    current: [8, 9, 10, 11, 1],
    past: [1, 2],
    club: [12],
  },
  {
    key: 'anne',
    name: 'Anne Hawthorne',
    username: 'AnneH',
    birthYear: 1980,
    firstName: 'Anne',
    visibility: 'everyone',
    bio: 'Historical fiction and anything with a family tree at the front.',
    current: [3, 6, 9, 12, 4, 14],
    past: [12, 13, 14, 15, 0],
  },
  {
    key: 'sally',
    name: 'Sally Brackenridge',
    username: 'sally_b',
    birthYear: 1997,
    firstName: 'Sally',
    visibility: 'everyone',
    bio: 'Reads picture books to her niece and poems to herself.',
    current: [3, 7, 11, 15, 0, 5, 8],
    past: [],
  },
  {
    key: 'naomi',
    name: 'Naomi Merriweather',
    username: 'NaomiM',
    birthYear: 1977,
    firstName: 'Naomi',
    visibility: 'everyone',
    bio: 'Mysteries by the fire. I always guess wrong.',
    current: [1, 4, 6, 11, 13],
    past: [5, 6, 9],
    club: [4, 5, 6, 7, 8],
  },
  {
    key: 'leo',
    name: 'Leo Burrows',
    username: 'leo_burrows',
    birthYear: 1999,
    firstName: 'Leo',
    visibility: 'everyone',
    bio: null,
    current: [0, 1, 2, 5, 9, 14],
    past: [0, 1, 2, 3],
    club: [],
  },
  {
    key: 'oscar',
    name: 'Oscar Quill',
    username: 'OscarQ',
    birthYear: 2001,
    firstName: 'Oscar',
    visibility: 'everyone',
    bio: 'Student. Reading my way through the classics, slowly.',
    current: [2, 7, 12],
    past: [],
  },
  {
    key: 'henry',
    name: 'Henry Fairweather',
    username: 'HenryF',
    birthYear: 1969,
    firstName: 'Henry',
    visibility: 'everyone',
    bio: null,
    current: [12, 13, 14, 15, 1, 5, 9],
    past: [4, 8],
  },
  {
    key: 'isabel',
    name: 'Isabel Hollowell',
    username: 'isabel_h',
    birthYear: 1982,
    firstName: 'Isabel',
    visibility: 'everyone',
    bio: 'Translated fiction, mostly. Learning Spanish one novel at a time.',
    current: [0, 1, 2, 8],
    past: [10, 11, 12],
    club: [9, 10],
  },
  {
    key: 'ursula',
    name: 'Ursula Larkspur',
    username: 'UrsulaL',
    birthYear: 1973,
    firstName: 'Ursula',
    visibility: 'friends',
    bio: 'Earthsea forever.',
    current: [0, 5, 10, 15, 6, 11],
    past: [7, 11, 15],
  },
  {
    key: 'agatha',
    name: 'Agatha Bramblewood',
    username: 'AgathaB',
    birthYear: 1961,
    firstName: 'Agatha',
    visibility: 'everyone',
    bio: 'Yes, named after her. Yes, I have read them all.',
    current: [4, 5, 6, 7, 2, 10, 14, 8],
    past: [0, 5, 10, 15, 3, 12],
  },
  {
    key: 'arthur',
    name: 'Arthur Underhill',
    username: 'arthur_u',
    birthYear: 1955,
    firstName: 'Arthur',
    visibility: 'everyone',
    bio: null,
    current: [3],
    past: [3, 7],
  },
  {
    key: 'mary',
    name: 'Mary Nettlefield',
    username: 'MaryN',
    birthYear: 1988,
    firstName: 'Mary',
    visibility: 'everyone',
    bio: 'Cookbooks count as reading. I will not be taking questions.',
    current: [9, 10, 13, 14, 0, 1, 4, 5],
    past: [14],
  },
  {
    key: 'peter',
    name: 'Peter Dewberry',
    username: 'PeterD',
    birthYear: 1992,
    firstName: 'Peter',
    visibility: 'everyone',
    bio: 'Filled the whole April card. Taking May slowly.',
    // Nothing yet on the shared card; the past card full.
    current: [],
    past: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
  },
  {
    key: 'virginia',
    name: 'Virginia Cobblestone',
    username: 'virginia_c',
    birthYear: 1979,
    firstName: 'Virginia',
    visibility: 'friends',
    bio: null,
    current: [1, 2, 3, 5, 6, 7],
    past: [],
  },
  {
    key: 'jane',
    name: 'Jane Pemberton',
    username: 'JaneP',
    birthYear: 1985,
    firstName: 'Jane',
    visibility: 'everyone',
    bio: 'Austen, Austen, Austen. Then something with dragons.',
    current: [0, 4, 8, 12, 5, 10, 15],
    past: [8, 9, 10, 11],
  },
  {
    key: 'toni',
    name: 'Toni Wildermuth',
    username: 'toni_w',
    birthYear: 1996,
    firstName: 'Toni',
    visibility: 'only_me',
    bio: null,
    current: [11, 12],
    past: [2],
  },
];

/** The club's name and description (the README's screenshots show it). */
export const DEMO_CLUB = {
  name: 'Hedgerow Book Circle',
  description:
    'We meet on Thursdays under the old oak. This season: cosy reads and books with maps.',
  /** Co-owner beside the demo reader, who owns the club. */
  coOwner: 'margaret',
  /** Asks to join; the owners find the request waiting. */
  requester: 'oscar',
  cardTitle: 'Hedgerow Cosy Card',
} as const;

/** The club card's squares: its own challenges, most of them with a rule the server checks. */
export const CLUB_CARD: readonly { challenge: string; rule: ChallengeRule | null }[] = [
  { challenge: 'A mystery to read by the fire', rule: { kind: 'subject', subjects: ['mystery'] } },
  { challenge: 'A book of poems', rule: { kind: 'subject', subjects: ['poetry'] } },
  { challenge: 'A fantasy with a map', rule: { kind: 'subject', subjects: ['fantasy'] } },
  {
    challenge: 'A classic you always meant to read',
    rule: { kind: 'subject', subjects: ['classics'] },
  },
  { challenge: 'A book under 200 pages', rule: { kind: 'pages', comparison: 'under', pages: 200 } },
  { challenge: 'A book a club member loves', rule: null },
  { challenge: 'Historical fiction', rule: { kind: 'subject', subjects: ['historical-fiction'] } },
  {
    challenge: 'A science fiction novel',
    rule: { kind: 'subject', subjects: ['science-fiction'] },
  },
  { challenge: 'A true story', rule: { kind: 'subject', subjects: ['nonfiction'] } },
  { challenge: 'A cookbook to bake from', rule: { kind: 'subject', subjects: ['cookbook'] } },
  { challenge: 'A book over 75 years old', rule: { kind: 'years-ago', years: 75 } },
  { challenge: 'A picture book to share', rule: { kind: 'subject', subjects: ['childrens'] } },
  { challenge: 'A ghost story or horror', rule: { kind: 'subject', subjects: ['horror'] } },
  { challenge: 'A book over 500 pages', rule: { kind: 'pages', comparison: 'over', pages: 500 } },
  { challenge: 'A book that made you laugh', rule: { kind: 'subject', subjects: ['humor'] } },
  { challenge: 'A book set in a wood or forest', rule: null },
];

/**
 * Books for the squares no catalogue fact can check (free text), by the square's text: the
 * shared card's four and the club card's two. ISBN-13s from the demo catalogue.
 */
/**
 * Issue 25: the season's favourites. On the shared card, a few readers chose the same well-known
 * book for a square, as readers do, so a square's sheet has "What others read for this square"
 * (a book is named once 3 readers who show their profile used it). A reader takes their
 * favourite when it fits the square and they have not used it; Virginia's and Ursula's choices
 * (profiles for friends only) count toward nothing.
 */
export const SQUARE_FAVOURITES: Readonly<
  Record<string, readonly { isbn: string; readers: readonly string[] }[]>
> = {
  "A children's book": [
    // Charlotte's Web
    { isbn: '9780064400558', readers: ['margaret', 'neil', 'isabel', 'jane'] },
    // Matilda
    { isbn: '9780142410370', readers: ['emily', 'george', 'agatha'] },
  ],
  'An award-winning book': [
    // All the Light We Cannot See
    { isbn: '9781501173219', readers: ['margaret', 'laura', 'oscar', 'agatha'] },
    // The Remains of the Day: two who show their profile, and Virginia.
    { isbn: '9780679731726', readers: ['emily', 'sally', 'virginia'] },
  ],
  'A book by a female author': [
    // Station Eleven
    { isbn: '9780804172448', readers: ['margaret', 'george', 'naomi', 'ursula'] },
  ],
};

export const FREE_SQUARE_BOOKS: Readonly<Record<string, readonly string[]>> = {
  // Debut novels.
  'A book by a debut author': [
    '9780061120084', // To Kill a Mockingbird
    '9780375703867', // White Teeth
    '9780735220690', // Eleanor Oliphant Is Completely Fine
    '9780735219090', // Where the Crawdads Sing
    '9781594631931', // The Kite Runner
    '9780385547345', // Lessons in Chemistry
    '9780525541905', // Such a Fun Age
    '9780307744432', // The Night Circus
    '9781451696196', // The Perks of Being a Wallflower
    '9781250886088', // Legends & Lattes
    '9780062662569', // The Poppy War
    '9780385474542', // Things Fall Apart
  ],
  'An award-winning book': [
    '9780812985405', // Lincoln in the Bardo
    '9780679731726', // The Remains of the Day
    '9780140296402', // Disgrace
    '9780307947727', // The Sense of an Ending
    '9780345804341', // The Nickel Boys
    '9781501173219', // All the Light We Cannot See
    '9780312424404', // Gilead
    '9780812971835', // Olive Kitteridge
    '9780393356687', // The Overstory
    '9780063251922', // Demon Copperhead
    '9780441478125', // The Left Hand of Darkness
    '9780316246620', // Ancillary Justice
    '9781250024176', // Bring Up the Bodies
    '9780307387899', // The Road
  ],
  "A friend's favourite book": [
    '9780547928227', // The Hobbit
    '9780140390698', // Little Women
    '9780156035156', // The Princess Bride
    '9780060853983', // Good Omens
    '9780064400558', // Charlotte's Web
    '9780141439518', // Pride and Prejudice
    '9780062060624', // The Song of Achilles
    '9780525559474', // The Midnight Library
    '9780439064873', // Harry Potter and the Chamber of Secrets
    '9780593135204', // Project Hail Mary
  ],
  'A book by a female author': [
    '9780141441146', // Jane Eyre
    '9780141439587', // Emma
    '9780141439686', // Persuasion
    '9780156907392', // To the Lighthouse
    '9781400033423', // Song of Solomon
    '9781984822185', // Normal People
    '9780804172448', // Station Eleven
    '9781455563920', // Pachinko
    '9781400095209', // Half of a Yellow Sun
    '9780385721677', // Oryx and Crake
    '9780316547611', // The Power
    '9780399180989', // Spinning Silver
    '9780735224315', // Little Fires Everywhere
  ],
  'A book a club member loves': [
    '9780547928227', // The Hobbit
    '9780156035156', // The Princess Bride
    '9780142404676', // Winnie-the-Pooh
    '9780307744432', // The Night Circus
    '9780062060624', // The Song of Achilles
    '9781250886088', // Legends & Lattes
  ],
  'A book set in a wood or forest': [
    '9780142403877', // The Gruffalo
    '9780399180989', // Spinning Silver
    '9780142404676', // Winnie-the-Pooh
    '9780393356687', // The Overstory
    '9781571313560', // Braiding Sweetgrass
    '9780374104092', // Annihilation
    '9780060254926', // Where the Wild Things Are
  ],
};

/** A review in the blog: the reader's key (or 'reader', the demo reader), the book, the words. */
export interface CommunityReview {
  reader: string;
  isbn: string;
  rating: number;
  text: string;
}

export const COMMUNITY_REVIEWS: readonly CommunityReview[] = [
  {
    reader: 'margaret',
    isbn: '9780679731726', // The Remains of the Day
    rating: 5,
    text: 'Quiet, sad and perfectly judged. Stevens will stay with me for a long time. I read the last chapter twice on the bus home.',
  },
  {
    reader: 'emily',
    isbn: '9780307744432', // The Night Circus
    rating: 4,
    text: 'Pure atmosphere: black and white tents, caramel and smoke. The plot wanders a little in the middle, and I did not mind one bit.',
  },
  {
    reader: 'neil',
    isbn: '9780593135204', // Project Hail Mary
    rating: 5,
    text: 'I laughed out loud on a train. Rocky is the best friend in any book this year. Science you can follow and a heart you cannot miss.',
  },
  {
    reader: 'laura',
    isbn: '9781571313560', // Braiding Sweetgrass
    rating: 5,
    text: 'I read it slowly, a chapter each morning with my tea. It changed how I look at my own little garden.',
  },
  {
    reader: 'george',
    isbn: '9780547928227', // The Hobbit
    rating: 4,
    text: 'A reread, and still the cosiest adventure there is. Bilbo missing his pocket handkerchief is still my favourite running joke.',
  },
  {
    reader: 'anne',
    isbn: '9781455563920', // Pachinko
    rating: 5,
    text: 'Four generations and not one wasted page. I cried at the end, then told everyone I know to read it.',
  },
  {
    reader: 'sally',
    isbn: '9780060254926', // Where the Wild Things Are
    rating: 5,
    text: 'Read it to my niece three nights running. She roars in all the right places. So do I.',
  },
  {
    reader: 'naomi',
    isbn: '9780062073488', // And Then There Were None
    rating: 4,
    text: 'I was sure I had it worked out by chapter ten. I had not. Agatha Christie wins again.',
  },
  {
    reader: 'leo',
    isbn: '9780441478125', // The Left Hand of Darkness
    rating: 4,
    text: 'Slow to start, then it took me somewhere completely new. The journey across the ice is one of the best things I have read.',
  },
  {
    reader: 'henry',
    isbn: '9780142001615', // Salt: A World History
    rating: 3,
    text: 'More about salt than I ever expected to know, and somehow I enjoyed most of it. A bit long in the middle.',
  },
  {
    reader: 'isabel',
    isbn: '9780060883287', // One Hundred Years of Solitude
    rating: 5,
    text: 'I needed the family tree at the front every few pages, and it was worth it. Dreamy, funny and strange.',
  },
  {
    reader: 'ursula',
    isbn: '9780547773742', // A Wizard of Earthsea
    rating: 5,
    text: 'Short, wise and full of sea air. I wish I had found it when I was twelve.',
  },
  {
    reader: 'agatha',
    isbn: '9780062073563', // The Murder of Roger Ackroyd
    rating: 5,
    text: 'Everyone told me not to look up the ending, and I am so glad I listened. What a trick!',
  },
  {
    reader: 'mary',
    isbn: '9781607746218', // Plenty More
    rating: 4,
    text: 'The roasted squash with lime yoghurt is now a weekly dinner. Long ingredient lists, but worth the trip to the shop.',
  },
  {
    reader: 'peter',
    isbn: '9780804172448', // Station Eleven
    rating: 4,
    text: 'A gentle book about the end of the world, which sounds odd but works. The travelling orchestra made me want to see a play.',
  },
  {
    reader: 'jane',
    isbn: '9780141439686', // Persuasion
    rating: 5,
    text: 'My favourite Austen now, sorry Emma. Anne Elliot deserves every word of that letter.',
  },
  {
    reader: 'reader',
    isbn: '9780060256739', // A Light in the Attic
    rating: 5,
    text: 'Read a few aloud every evening and giggled at every other page. Perfect for a tired brain.',
  },
];

/** The demo reader's friends (accepted), and the reader whose request waits for an answer. */
export const DEMO_READER_FRIENDS = [
  'margaret',
  'emily',
  'neil',
  'george',
  'naomi',
  'jane',
] as const;
export const DEMO_READER_FRIEND_REQUEST_FROM = 'oscar';
