import { profileNameOf } from '../../../lib/display-name';
import { AUDIT_PAGE_SIZE } from '../../../lib/limits';
import { messages } from '../../../lib/messages';
import type { AuditEntry, AuditLogResponse } from '../../../lib/schemas/audit';
import type { DatabaseHandle } from '../../db/database';
import { toIso } from '../../db/schema';
import { createAuditRepository } from './audit.repository';

function parseDetail(detail: string): AuditEntry['detail'] {
  try {
    const value: unknown = JSON.parse(detail);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as AuditEntry['detail'])
      : {};
  } catch {
    return {};
  }
}

type AuditRow = Awaited<ReturnType<ReturnType<typeof createAuditRepository>['list']>>[number];
type Named = 'user' | 'club' | 'grid' | 'cell' | 'post' | 'book';
const NAMED: readonly Named[] = ['user', 'club', 'grid', 'cell', 'post', 'book'];

/**
 * Each entry's target as a person reads it ("post about Dune", a reader's shown name), from
 * what the tables hold now; a target that is gone or erased gets the catalogue's words for it.
 */
async function targetLabels(
  audit: ReturnType<typeof createAuditRepository>,
  rows: readonly AuditRow[],
): Promise<(row: AuditRow) => string> {
  const ids = Object.fromEntries(NAMED.map((type) => [type, [] as string[]])) as Record<
    Named,
    string[]
  >;
  for (const row of rows) {
    const type = row.targetType as Named;
    if (row.targetId !== null && NAMED.includes(type) && !ids[type].includes(row.targetId)) {
      ids[type].push(row.targetId);
    }
  }
  const found = await audit.targetNames(ids);
  const users = new Map(found.users.map((user) => [user.id, profileNameOf(user)]));
  const clubs = new Map(found.clubs.map((club) => [club.id, club.name]));
  const grids = new Map(found.grids.map((grid) => [grid.id, grid.title]));
  const cells = new Map(found.cells.map((cell) => [cell.id, cell]));
  const posts = new Map(found.posts.map((post) => [post.id, post.bookTitle]));
  const books = new Map(found.books.map((book) => [book.isbn, book.title]));
  const say = messages.auditNames;
  return (row) => {
    const id = row.targetId;
    if (id === null) return say.nothing;
    const type = row.targetType as AuditEntry['targetType'];
    switch (type) {
      case 'user': {
        const name = users.get(id);
        return name === undefined ? say.erasedReader : say.reader(name);
      }
      case 'club': {
        const name = clubs.get(id);
        return name === undefined ? say.deletedClub : say.club(name);
      }
      case 'grid': {
        const title = grids.get(id);
        return title === undefined ? say.deletedCard : say.card(title);
      }
      case 'cell': {
        const cell = cells.get(id);
        return cell ? say.square(Number(cell.position), cell.title) : say.deletedSquare;
      }
      case 'post': {
        const title = posts.get(id);
        return title === undefined ? say.removedPost : say.post(title);
      }
      case 'book': {
        const title = books.get(id);
        return title === undefined ? say.goneBook(id) : say.book(title, id);
      }
      case 'settings':
        return say.settings;
      case 'report':
        return say.reports;
    }
  };
}

/** Reads the audit log for admins (issue 23); entries are written by each action's service. */
export function createAuditService(database: DatabaseHandle) {
  const audit = createAuditRepository(database.db);
  return {
    async list(cursor: string | undefined): Promise<AuditLogResponse> {
      const before = cursor ? await audit.findCreatedAt(cursor) : null;
      const rows = await audit.list(
        AUDIT_PAGE_SIZE + 1,
        before ? { createdAt: toIso(before.createdAt), id: before.id } : null,
      );
      const page = rows.slice(0, AUDIT_PAGE_SIZE);
      const labelOf = await targetLabels(audit, page);
      return {
        entries: page.map((row) => ({
          id: row.id,
          actorId: row.actorId,
          actorName:
            row.actorName === null && row.actorUsername === null
              ? null
              : profileNameOf({ displayUsername: row.actorUsername, name: row.actorName }),
          action: row.action as AuditEntry['action'],
          targetType: row.targetType as AuditEntry['targetType'],
          targetId: row.targetId,
          targetLabel: labelOf(row),
          reason: row.reason,
          detail: parseDetail(row.detail),
          createdAt: toIso(row.createdAt),
        })),
        nextCursor: rows.length > AUDIT_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
      };
    },
  };
}
