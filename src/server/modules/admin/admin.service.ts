import { endOfDayUtc } from '../../../lib/dates';
import { normalizeIsbn } from '../../../lib/isbn';
import { messages } from '../../../lib/messages';
import { deriveChallengeLabel } from '../../../lib/challenges';
import { profileNameOf } from '../../../lib/display-name';
import { ADMIN_PAGE_SIZE } from '../../../lib/limits';
import type {
  AdminUser,
  AdminUsersResponse,
  CreateGridBody,
  EditCellBody,
  SetRoleBody,
  UnconfirmedBooksResponse,
} from '../../../lib/schemas/admin';
import type { SignInLockout } from '../../auth/sign-in-lockout';
import type { DatabaseHandle } from '../../db/database';
import type { MessageBus } from '../../shared/bus';
import { toIso, toIsoOrNull } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { Viewer } from '../../http/viewer';
import { createAuditRepository } from '../audit/audit.repository';
import { createBooksRepository } from '../books/books.repository';
import {
  createBingoRepository,
  forgetKeptCells,
  GRID_CELLS_CHANGED_CHANNEL,
} from '../bingo/bingo.repository';
import { isCurrentCard, todayUtc } from '../clubs/club-cards';
import { isSuspendedAt } from '../moderation/suspension';
import { createAdminRepository } from './admin.repository';
import { createGridsRepository } from '../grids/grids.repository';
import { createSettingsRepository, RESET_DATE_KEY } from '../settings/settings.repository';

const DAY_MS = 86_400_000;

/**
 * The admin's powers: the reset date and the shared grid (SPEC.md section 6), vouching for a
 * book only a reader's import knew (issue 8), and the readers page, imported books, corrections
 * to a card and ending it early (issue 23). Every action is written to the audit log in its own
 * transaction.
 */
export function createAdminService(
  database: DatabaseHandle,
  people: {
    lockout: SignInLockout;
    sessionsChanged: (userId: string) => Promise<void>;
    bus: MessageBus;
  },
) {
  const repo = createAdminRepository(database.db);
  const grids = createGridsRepository(database.db);
  const audit = createAuditRepository(database.db);
  return {
    /** Stores the reset date as the end of the chosen day, 23:59:59 UTC (SPEC.md section 9). */
    async setResetDate(admin: Viewer, date: string) {
      let resetDate: string;
      try {
        resetDate = endOfDayUtc(date);
      } catch {
        throw badRequest('The reset date must be a real calendar date.', 'INVALID_DATE');
      }
      await database.db.transaction().execute(async (trx) => {
        await createSettingsRepository(trx, database.kind).set(RESET_DATE_KEY, resetDate, admin.id);
        await audit.record(trx, {
          actorId: admin.id,
          action: 'reset_date.set',
          targetType: 'settings',
          targetId: RESET_DATE_KEY,
          detail: { resetDate },
        });
      });
      return { resetDate, message: messages.admin.resetDateUpdated };
    },
    /** Creates the grid and its 16 cells in one transaction; it becomes the current grid. */
    async createGrid(admin: Viewer, body: CreateGridBody) {
      const grid = await database.db.transaction().execute(async (trx) => {
        const created = await grids.insertWithCells(trx, { ...body, createdBy: admin.id });
        await audit.record(trx, {
          actorId: admin.id,
          action: 'grid.create',
          targetType: 'grid',
          targetId: created.id,
        });
        return created;
      });
      return { grid: { ...grid, isCurrent: true }, message: messages.admin.gridCreated };
    },
    /** Confirms a catalogue book, so every reader's search finds it (decision 008). */
    async confirmBook(admin: Viewer, rawIsbn: string) {
      const isbn = normalizeIsbn(rawIsbn);
      const confirmed = await database.db.transaction().execute(async (trx) => {
        const books = createBooksRepository(trx, database.kind);
        if (!isbn || !(await books.confirm(isbn))) return false;
        await audit.record(trx, {
          actorId: admin.id,
          action: 'book.confirm',
          targetType: 'book',
          targetId: isbn,
        });
        return true;
      });
      if (!confirmed) throw notFound(messages.book.notFound);
      return { message: messages.admin.bookConfirmed };
    },

    /** Readers newest first, 25 a page, found by part of a name, username or email. */
    async listUsers(
      q: string | undefined,
      cursor: string | undefined,
    ): Promise<AdminUsersResponse> {
      const rows = await repo.searchUsers(q || undefined, ADMIN_PAGE_SIZE + 1, cursor);
      const page = rows.slice(0, ADMIN_PAGE_SIZE);
      const users = await Promise.all(
        page.map(async (row): Promise<AdminUser> => {
          const isGuest = Boolean(row.isAnonymous);
          const locked = !isGuest && row.email ? await people.lockout.isLocked(row.email) : false;
          return {
            id: row.id,
            name: profileNameOf({ displayUsername: row.displayUsername, name: row.name }),
            username: row.username,
            email: isGuest ? null : row.email,
            role: isGuest ? 'guest' : row.role === 'admin' ? 'admin' : 'user',
            // Issue 23: a suspension outweighs a lock (the reader cannot sign in either way).
            ...(isSuspendedAt(row)
              ? { status: 'suspended' as const, statusUntil: toIsoOrNull(row.banExpires) }
              : { status: locked ? ('locked' as const) : ('active' as const), statusUntil: null }),
            joinedAt: toIso(row.createdAt),
            lastSignIn: toIsoOrNull(row.lastLogin),
            points: Number(row.points),
          };
        }),
      );
      return {
        users,
        nextCursor: rows.length > ADMIN_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
      };
    },

    /** Makes a reader an admin or takes it back; never the admin's own role, never a guest's. */
    async setRole(admin: Viewer, userId: string, body: SetRoleBody) {
      if (userId === admin.id) throw forbidden(messages.admin.ownRole);
      await database.db.transaction().execute(async (trx) => {
        const user = await repo.findUser(trx, userId);
        if (!user) throw notFound(messages.admin.readerNotFound);
        if (user.isAnonymous) throw forbidden(messages.admin.guestRole);
        await repo.setRole(trx, userId, body.role);
        await audit.record(trx, {
          actorId: admin.id,
          action: 'user.role',
          targetType: 'user',
          targetId: userId,
          reason: body.reason ?? '',
          detail: { role: body.role },
        });
      });
      // The cached sessions carry the role: every instance reads it again at once.
      await people.sessionsChanged(userId);
      return { message: messages.admin.roleChanged(body.role) };
    },

    /** Ends a sign-in lock early (issue 8's lock after failed sign-ins). */
    async unlock(admin: Viewer, userId: string) {
      const user = await repo.findUser(database.db, userId);
      if (!user || user.isAnonymous) throw notFound(messages.admin.readerNotFound);
      if (!(await people.lockout.isLocked(user.email))) throw conflict(messages.admin.notLocked);
      await database.db.transaction().execute(async (trx) => {
        await audit.record(trx, {
          actorId: admin.id,
          action: 'user.unlock',
          targetType: 'user',
          targetId: userId,
        });
      });
      await people.lockout.clear(user.email);
      return { message: messages.admin.unlocked };
    },

    /** Books only a reader's import vouches for, waiting for an admin, newest first. */
    async unconfirmedBooks(cursor: string | undefined): Promise<UnconfirmedBooksResponse> {
      const rows = await repo.unconfirmedBooks(ADMIN_PAGE_SIZE + 1, cursor);
      const page = rows.slice(0, ADMIN_PAGE_SIZE);
      return {
        books: page.map((row) => ({
          isbn: row.isbn,
          title: row.title,
          authors: row.authors,
          coverUrl: row.coverUrl,
          readers: Number(row.readers ?? 0),
          addedAt: toIso(row.createdAt),
        })),
        nextCursor: rows.length > ADMIN_PAGE_SIZE ? (page.at(-1)?.isbn ?? null) : null,
      };
    },

    /** Turns an imported book down: it stays only its listing readers' (decision 008). */
    async rejectBook(admin: Viewer, rawIsbn: string) {
      const isbn = normalizeIsbn(rawIsbn);
      await database.db.transaction().execute(async (trx) => {
        const book = isbn ? await repo.findBook(trx, isbn) : undefined;
        if (!isbn || !book) throw notFound(messages.book.notFound);
        if (!(await repo.rejectBook(trx, isbn))) throw conflict(messages.admin.bookAlreadyReviewed);
        await audit.record(trx, {
          actorId: admin.id,
          action: 'book.reject',
          targetType: 'book',
          targetId: isbn,
        });
      });
      return { message: messages.admin.bookRejected };
    },

    /**
     * Corrects one square of the current shared card while nobody has placed a book on it:
     * once one has, its challenge is part of that reader's card and stays.
     */
    async editCell(admin: Viewer, gridId: string, position: number, body: EditCellBody) {
      await database.db.transaction().execute(async (trx) => {
        const grid = await createBingoRepository(trx, database.kind).findGridWithCurrent(
          gridId,
          admin.id,
        );
        if (!grid) throw notFound(messages.bingo.gridNotFound);
        if (grid.club) throw forbidden(messages.admin.sharedCardsOnly);
        if (!isCurrentCard({ ...grid, clubId: null }))
          throw forbidden(messages.admin.pastCardReadOnly);
        const cell = await repo.findCell(trx, gridId, position);
        if (!cell) throw notFound(messages.admin.cellNotFound);
        const edited = await repo.editCellIfEmpty(trx, cell.id, {
          challenge: body.challenge,
          label: body.label || deriveChallengeLabel(body.challenge),
          rule: body.rule ?? null,
        });
        if (!edited) throw conflict(messages.admin.cellHasPlacements);
        await audit.record(trx, {
          actorId: admin.id,
          action: 'grid.cell_edit',
          targetType: 'cell',
          targetId: cell.id,
          reason: body.reason ?? '',
          detail: { gridId, position },
        });
      });
      // This instance at once (read-your-writes), the others through the bus.
      forgetKeptCells(database.db, gridId);
      people.bus.publish(GRID_CELLS_CHANGED_CHANNEL, gridId);
      return { message: messages.admin.cellUpdated };
    },

    /** Ends the current shared card early: it becomes a past card, read-only from now on. */
    async endGrid(admin: Viewer, gridId: string, reason: string) {
      await database.db.transaction().execute(async (trx) => {
        const grid = await createBingoRepository(trx, database.kind).findGridWithCurrent(
          gridId,
          admin.id,
        );
        if (!grid) throw notFound(messages.bingo.gridNotFound);
        if (grid.club) throw forbidden(messages.admin.sharedCardsOnly);
        if (!isCurrentCard({ ...grid, clubId: null }))
          throw forbidden(messages.admin.pastCardReadOnly);
        // Its last day was yesterday: today it is past (club-cards.ts compares whole UTC days).
        const yesterday = todayUtc(new Date(Date.parse(`${todayUtc()}T00:00:00Z`) - DAY_MS));
        await repo.endGrid(trx, gridId, yesterday);
        await audit.record(trx, {
          actorId: admin.id,
          action: 'grid.end',
          targetType: 'grid',
          targetId: gridId,
          reason,
        });
      });
      return { message: messages.admin.gridEnded };
    },
  };
}
