/** Test data for the profile feature, in the API's shapes (src/lib/schemas). */
import type { Friend } from '../../../../lib/schemas/friends';
import type { FinishedBook, FriendBook, WantToReadBook } from '../../../../lib/schemas/library';
import type { Profile, ProfileResponse, VisibleUserProfile } from '../../../../lib/schemas/profile';

let sequence = 0;

function nextIsbn(): string {
  sequence += 1;
  return `97801000000${String(sequence).padStart(2, '0')}`;
}

export function buildProfile(overrides: Partial<Profile> = {}): Profile {
  sequence += 1;
  return {
    id: `user-p${sequence}`,
    username: `bramble_${sequence}`,
    name: `Bramble ${sequence}`,
    bio: 'Reads under the hedge.',
    avatar: null,
    points: 120,
    birthYear: null,
    firstName: null,
    visibility: 'everyone',
    ...overrides,
  };
}

export function buildProfileResponse(
  overrides: Partial<Omit<ProfileResponse, 'profile'>> & { profile?: Partial<Profile> } = {},
): ProfileResponse {
  return {
    stats: { booksRead: 2, readingStreakWeeks: 3, lastReadAt: '2025-05-14T10:00:00.000Z' },
    counts: { wantToRead: 0, friends: 0, pendingRequests: 0 },
    ...overrides,
    profile: buildProfile(overrides.profile),
  };
}

export function buildFinishedBook(overrides: Partial<FinishedBook> = {}): FinishedBook {
  const isbn = overrides.isbn ?? nextIsbn();
  return {
    isbn,
    title: `Finished ${sequence}`,
    author: 'Ann Author',
    coverUrl: `/api/books/${isbn}/cover.svg`,
    rating: null,
    review: null,
    ratedAt: null,
    finishedAt: '2025-05-10T10:00:00.000Z',
    ...overrides,
  };
}

export function buildFriendBook(overrides: Partial<FriendBook> = {}): FriendBook {
  const book = buildFinishedBook(overrides);
  return {
    isbn: book.isbn,
    title: book.title,
    author: book.author,
    coverUrl: book.coverUrl,
    rating: book.rating,
    finishedAt: book.finishedAt,
  };
}

export function buildWantToReadBook(overrides: Partial<WantToReadBook> = {}): WantToReadBook {
  const isbn = overrides.isbn ?? nextIsbn();
  return {
    isbn,
    title: `Wanted ${sequence}`,
    author: 'Wendy Writer',
    coverUrl: `/api/books/${isbn}/cover.svg`,
    addedAt: '2025-05-12T10:00:00.000Z',
    ...overrides,
  };
}

export function buildFriend(overrides: Partial<Friend> = {}): Friend {
  sequence += 1;
  return {
    id: `friendship-${sequence}`,
    userId: `user-f${sequence}`,
    username: `friend_${sequence}`,
    points: 40,
    status: 'accepted',
    isReceived: false,
    createdAt: '2025-05-01T10:00:00.000Z',
    ...overrides,
  };
}

export function buildUserProfileResponse(
  overrides: Partial<VisibleUserProfile> = {},
): VisibleUserProfile {
  const { id, username, bio, avatar, points } = buildProfile();
  return {
    access: 'full',
    profile: { id, username, bio, avatar, points },
    books: [],
    wantToRead: [],
    stats: { booksRead: 0, readingStreakWeeks: 0, lastReadAt: null },
    ...overrides,
  };
}
