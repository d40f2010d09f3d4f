import { endOfDayUtc } from '../../../lib/dates';
import { messages } from '../../../lib/messages';
import type { CreateGridBody } from '../../../lib/schemas/admin';
import type { DatabaseHandle } from '../../db/database';
import { badRequest } from '../../http/errors';
import type { Viewer } from '../../http/viewer';
import { createGridsRepository } from '../grids/grids.repository';
import { createSettingsRepository, RESET_DATE_KEY } from '../settings/settings.repository';

/** The admin's two powers (SPEC.md section 6): the reset date and the shared grid. */
export function createAdminService(database: DatabaseHandle) {
  const settings = createSettingsRepository(database.db);
  const grids = createGridsRepository(database.db);
  return {
    /** Stores the reset date as the end of the chosen day, 23:59:59 UTC (SPEC.md section 9). */
    async setResetDate(admin: Viewer, date: string) {
      let resetDate: string;
      try {
        resetDate = endOfDayUtc(date);
      } catch {
        throw badRequest('The reset date must be a real calendar date.', 'INVALID_DATE');
      }
      await settings.set(RESET_DATE_KEY, resetDate, admin.id);
      return { resetDate, message: messages.admin.resetDateUpdated };
    },
    /** Creates the grid and its 16 cells in one transaction; it becomes the current grid. */
    async createGrid(admin: Viewer, body: CreateGridBody) {
      const grid = await database.db
        .transaction()
        .execute((trx) => grids.insertWithCells(trx, { ...body, createdBy: admin.id }));
      return { grid: { ...grid, isCurrent: true }, message: messages.admin.gridCreated };
    },
  };
}
