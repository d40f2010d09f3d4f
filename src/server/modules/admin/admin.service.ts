import { endOfDayUtc } from '../../../lib/dates';
import { normalizeIsbn } from '../../../lib/isbn';
import { messages } from '../../../lib/messages';
import type { CreateGridBody } from '../../../lib/schemas/admin';
import type { DatabaseHandle } from '../../db/database';
import { badRequest, notFound } from '../../http/errors';
import type { Viewer } from '../../http/viewer';
import { createAuditRepository } from '../audit/audit.repository';
import { createBooksRepository } from '../books/books.repository';
import { createGridsRepository } from '../grids/grids.repository';
import { createSettingsRepository, RESET_DATE_KEY } from '../settings/settings.repository';

/**
 * The admin's powers: the reset date and the shared grid (SPEC.md section 6), and vouching
 * for a book only a reader's import knew (issue 8).
 */
export function createAdminService(database: DatabaseHandle) {
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
  };
}
