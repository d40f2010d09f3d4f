import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatCsv } from '../../../lib/csv';
import { profileNameOf } from '../../../lib/display-name';
import { CELL_COUNT } from '../../../lib/limits';
import { messages } from '../../../lib/messages';
import { shownNameFor } from '../../../lib/privacy';
import { ANTI_DIAGONAL, COLUMNS, MAIN_DIAGONAL, ROWS } from '../../../lib/scoring';
import { text } from '../../../lib/schemas/text';
import type { AppDeps } from '../../app-deps';
import { toIso } from '../../db/schema';
import { forbidden, notFound } from '../../http/errors';
import { rateLimitRule } from '../../http/rate-limits';
import { requireSignedIn, type Viewer } from '../../http/viewer';
import type { ClubsService } from '../clubs/clubs.service';
import { createPrivacyService } from '../privacy/privacy.service';

/**
 * Readers read and written per page: the response never holds more than this many rows, and
 * on SQLite one page is what holds the event loop at once (issue 24: /api/health p99 while
 * 10,000 rows stream), with a turn of the loop given back between pages.
 */
export const CARD_RESULTS_PAGE = 100;
const LINES = [...ROWS, ...COLUMNS, MAIN_DIAGONAL, ANTI_DIAGONAL];
const DOWNLOADS_PER_MINUTE = 10;

/** Completed rows, columns and diagonals of the marked positions. */
export function completedLines(marked: ReadonlySet<number>): number {
  return LINES.filter((line) => line.every((cell) => marked.has(cell))).length;
}

/**
 * A card's results as CSV (issue 24): one row a reader with a book on the card, by reader id,
 * read a page at a time (keyset on card_reader_totals, the totals migration 021 keeps with the
 * placements: one row a reader, marked positions as a mask) and written as it is read, so
 * 10,000 readers never sit in memory as one string. Names follow the leaderboard's rule for the
 * one downloading (decision 014: "A reader" when the profile is hidden from them); every text
 * cell is guarded against formulas as the reader's own export is.
 */
export function createCardResultsService(deps: AppDeps, clubsService: ClubsService) {
  const { db } = deps.database;
  const privacy = createPrivacyService(deps.database);

  /** The card, if the viewer may download its results; else 403 or 404. */
  async function authorise(viewer: Viewer, gridId: string) {
    const grid = await db
      .selectFrom('grids')
      .select(['id', 'title', 'clubId'])
      .where('id', '=', gridId)
      .executeTakeFirst();
    if (!grid) throw notFound(messages.cardResults.notFound);
    if (grid.clubId === null) {
      if (!viewer.isAdmin) throw forbidden(messages.cardResults.adminsOnly);
    } else {
      // Owners and co-owners; members 403, a club hidden by a block 404 (as every club route).
      await clubsService.requireOwners(viewer, grid.clubId);
    }
    return grid;
  }

  /** A page of the card's readers by id, from the totals kept with placements (migration 021). */
  async function page(gridId: string, after: string | null) {
    let query = db
      .selectFrom('cardReaderTotals as r')
      .innerJoin('users as u', 'u.id', 'r.userId')
      .select(['r.userId', 'u.name', 'u.displayUsername', 'u.profileVisibility'])
      .select(['r.points', 'r.mask', 'r.lastAt as lastPlacement'])
      .where('r.gridId', '=', gridId)
      .orderBy('r.userId')
      .limit(CARD_RESULTS_PAGE);
    if (after !== null) query = query.where('r.userId', '>', after);
    const readers = await query.execute();
    const positions = new Map<string, Set<number>>();
    for (const r of readers) {
      const mask = Number(r.mask);
      const marked = new Set<number>();
      for (let p = 0; p < CELL_COUNT; p += 1) if (mask & (1 << p)) marked.add(p);
      positions.set(r.userId, marked);
    }
    return { readers, positions };
  }

  async function* csvOf(viewer: Viewer, gridId: string): AsyncGenerator<string> {
    const guard = { guardFormulas: true };
    yield formatCsv([messages.cardResults.header], guard);
    let after: string | null = null;
    for (;;) {
      const { readers, positions } = await page(gridId, after);
      if (readers.length === 0) return;
      const relationOf = await privacy.relationsTo(
        viewer.id,
        readers.map((r) => ({ id: r.userId, visibility: r.profileVisibility })),
      );
      const records = readers.map((r) => {
        const marked = positions.get(r.userId) ?? new Set<number>();
        return [
          shownNameFor(profileNameOf(r), r.profileVisibility, relationOf(r.userId)),
          marked.size,
          completedLines(marked),
          marked.size === CELL_COUNT
            ? messages.cardResults.fullCardYes
            : messages.cardResults.fullCardNo,
          Number(r.points ?? 0),
          r.lastPlacement ? toIso(r.lastPlacement) : '',
        ];
      });
      yield formatCsv(records, guard);
      if (readers.length < CARD_RESULTS_PAGE) return;
      after = readers.at(-1)!.userId;
      // Let waiting requests in before the next page.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  return { authorise, csvOf };
}

/** "Club Challenge 2026" as club-challenge-2026: a safe download name. */
function fileNameOf(title: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'card'}-results-${new Date().toISOString().slice(0, 10)}.csv`;
}

export function registerCardResultsRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  clubsService: ClubsService,
) {
  const service = createCardResultsService(deps, clubsService);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/grids/:gridId/results.csv', {
    config: {
      rateLimit: rateLimitRule(
        'cardResults',
        DOWNLOADS_PER_MINUTE,
        60_000,
        messages.rateLimit.generic,
      ),
    },
    schema: {
      tags: ['exports'],
      summary:
        "A card's results as CSV, streamed: the shared card's for admins, a club card's for its owners",
      params: z.object({ gridId: text({ max: 100 }).min(1) }),
      // 200: text/csv, streamed (a stream is not serialised, so no response schema).
    },
    handler: async (request, reply) => {
      const viewer = await requireSignedIn(request);
      const grid = await service.authorise(viewer, request.params.gridId);
      const body = Readable.from(service.csvOf(viewer, grid.id));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileNameOf(grid.title)}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  });
}
