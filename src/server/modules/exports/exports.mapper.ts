import type { ViewerRelation } from '../../../lib/privacy';
import type { ReaderExport } from '../../../lib/schemas/exports';
import { toIso, toIsoOrNull } from '../../db/schema';
import { friendAsSeen } from '../friends/friends.mapper';
import type { ExportsRepository } from './exports.repository';

type Rows<K extends keyof ExportsRepository> = Awaited<ReturnType<ExportsRepository[K]>>;
type AccountRow = NonNullable<Rows<'findAccount'>>;

/** The day part of a timestamp, 2023-05-14, as spreadsheets read dates. */
export const dayOf = (value: Date | string | null) => toIsoOrNull(value)?.slice(0, 10) ?? null;

export function toExportProfile(row: AccountRow): ReaderExport['profile'] {
  return {
    id: row.id,
    email: row.email,
    username: row.displayUsername ?? row.username,
    name: row.name,
    bio: row.bio,
    avatar: row.avatar,
    points: Number(row.points),
    role: row.role ?? 'user',
    createdAt: toIso(row.createdAt),
    birthYear: row.birthYear === null ? null : Number(row.birthYear),
    firstName: row.firstName,
    visibility: row.profileVisibility,
  };
}

export function toExportPlacement(
  row: Rows<'listPlacements'>[number],
): ReaderExport['placements'][number] {
  return {
    gridId: row.gridId,
    gridTitle: row.gridTitle,
    position: Number(row.position),
    challenge: row.challenge,
    bookIsbn: row.bookIsbn,
    bookTitle: row.bookTitle,
    isWildcard: Number(row.isWildcard) === 1,
    points: Number(row.points),
    placedAt: toIso(row.createdAt),
  };
}

export function toExportFinishedBook(
  row: Rows<'listFinished'>[number],
): ReaderExport['finishedBooks'][number] {
  return {
    isbn: row.bookIsbn,
    title: row.title,
    author: row.author,
    rating: row.rating === null ? null : Number(row.rating),
    review: row.review,
    ratedAt: toIsoOrNull(row.ratingDate),
    finishedAt: toIso(row.finishedAt),
  };
}

export function toExportWantToRead(
  row: Rows<'listWantToRead'>[number],
): ReaderExport['wantToRead'][number] {
  return { isbn: row.bookIsbn, title: row.title, author: row.author, addedAt: toIso(row.addedAt) };
}

export function toExportPost(row: Rows<'listPosts'>[number]): ReaderExport['posts'][number] {
  return {
    id: row.id,
    bookIsbn: row.bookIsbn,
    bookTitle: row.bookTitle,
    body: row.body,
    rating: Number(row.rating),
    createdAt: toIso(row.createdAt),
  };
}

/**
 * A friendship as the reader sees it on the Friends tab: the other reader by id and public
 * name, never email; a pending request they sent to a reader hidden from them, as 'A reader'
 * without an id (decision 014, addendum).
 */
export function toExportFriend(
  row: Rows<'listFriendships'>[number],
  viewerId: string,
  relation: ViewerRelation,
): ReaderExport['friends'][number] {
  const sentByViewer = row.senderId === viewerId;
  const { userId, username } = friendAsSeen(row, sentByViewer, relation);
  return {
    userId,
    username,
    status: row.status,
    direction: sentByViewer ? 'sent' : 'received',
    createdAt: toIso(row.createdAt),
    acceptedAt: toIsoOrNull(row.acceptedAt),
  };
}

/** A finished book as a CSV record, in FINISHED_BOOKS_CSV_COLUMNS order. */
export function toFinishedBookCsvRecord(row: Rows<'listFinished'>[number]) {
  return [
    row.bookIsbn,
    row.title,
    row.author,
    row.rating === null ? null : Number(row.rating),
    dayOf(row.finishedAt),
    dayOf(row.ratingDate),
    row.review,
  ];
}
