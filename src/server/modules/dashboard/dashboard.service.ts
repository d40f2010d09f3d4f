import { messages } from '../../../lib/messages';
import {
  DASHBOARD_POINTS_BUCKET,
  DASHBOARD_WEEK_DAYS,
  type DashboardPointsBucket,
  type DashboardResponse,
  type DashboardSquare,
} from '../../../lib/schemas/dashboard';
import {
  CELL_COUNT,
  POINTS_FOR_FULL_CARD,
  POINTS_PER_LINE,
  POINTS_PER_SQUARE,
} from '../../../lib/limits';
import type { DatabaseHandle } from '../../db/database';
import { toIso } from '../../db/schema';
import { forbidden, notFound } from '../../http/errors';
import type { Viewer } from '../../http/viewer';
import { createClubsRepository } from '../clubs/clubs.repository';
import { toLeaderboardEntries } from '../leaderboard/leaderboard.service';
import { createPrivacyService } from '../privacy/privacy.service';
import { createDashboardRepository } from './dashboard.repository';

/** The most points one card gives: every square, all ten lines, the full card. */
const MAX_CARD_POINTS =
  CELL_COUNT * POINTS_PER_SQUARE + 10 * POINTS_PER_LINE + POINTS_FOR_FULL_CARD;
const BUCKETS = Math.floor(MAX_CARD_POINTS / DASHBOARD_POINTS_BUCKET) + 1;

const DAY_MS = 24 * 60 * 60 * 1000;

type DashboardRepository = ReturnType<typeof createDashboardRepository>;

/**
 * Everything but the top readers' names, counted anew on every call from the totals kept with
 * the placements (migration 021): a handful of indexed reads, milliseconds at 10,000 readers
 * (docs/SCALING.md), so nothing is kept between calls and a new book shows at once.
 */
async function countFigures(dashboards: DashboardRepository, gridId: string, at: number) {
  const weekStart = new Date(at - DASHBOARD_WEEK_DAYS * DAY_MS).toISOString();
  const cells = await dashboards.cells(gridId);
  const [buckets, squareRows, days, top] = await Promise.all([
    dashboards.readerBuckets(gridId, weekStart),
    dashboards.squares(gridId),
    dashboards.perDay(gridId),
    dashboards.topReaders(gridId),
  ]);

  // At most BUCKETS rows each: sums over buckets, never over readers.
  const histogram: DashboardPointsBucket[] = Array.from({ length: BUCKETS }, (_, i) => ({
    from: i * DASHBOARD_POINTS_BUCKET,
    to: (i + 1) * DASHBOARD_POINTS_BUCKET - 1,
    readers: 0,
  }));
  let participants = 0;
  let activeThisWeek = 0;
  let newThisWeek = 0;
  let linesCompleted = 0;
  let readersWithLine = 0;
  let fullCards = 0;
  for (const b of buckets) {
    const index = Math.min(Number(b.bucket), BUCKETS - 1);
    histogram[index]!.readers += Number(b.readers);
    participants += Number(b.readers);
    activeThisWeek += Number(b.active);
    newThisWeek += Number(b.fresh);
    linesCompleted += Number(b.lines ?? 0);
    readersWithLine += Number(b.withline);
    fullCards += Number(b.fullcards);
  }

  const byCell = new Map(squareRows.map((r) => [r.cell, r]));
  const counted = cells.map((cell) => {
    const row = byCell.get(cell.id);
    return { cell, readers: Number(row?.readers ?? 0), met: Number(row?.met ?? 0) };
  });
  const fewest = Math.min(...counted.map((c) => c.readers));
  const squares: DashboardSquare[] = counted.map(({ cell, readers, met }) => ({
    position: cell.position,
    challenge: cell.challenge,
    label: cell.label,
    readers,
    hasRule: cell.rule !== null,
    ruleMet: met,
    ruleMetShare: cell.rule !== null && readers > 0 ? met / readers : null,
    hardest: participants > 0 && readers === fewest,
  }));
  return {
    generatedAt: new Date(at).toISOString(),
    weekStart,
    participants,
    activeThisWeek,
    newThisWeek,
    squares,
    linesCompleted,
    readersWithLine,
    fullCards,
    pointsHistogram: histogram,
    placementsPerDay: days.map((d) => ({ date: d.day, placements: Number(d.placements) })),
    top,
  };
}

/**
 * A season's dashboard (issue 24): the shared card's for admins, a club card's for the club's
 * owner and co-owners. A club card is not there (404) for anyone outside its club, as its card
 * is not; a member who is no owner is refused (403), as is a reader who is no admin on the
 * shared card. Names of the top readers follow the leaderboard's rule for this viewer
 * (decision 023): an organiser sees no name the board would hide from them.
 */
export function createDashboardService(
  database: DatabaseHandle,
  options: { now?: () => number } = {},
) {
  const now = options.now ?? Date.now;
  const dashboards = createDashboardRepository(database.db, database.kind);
  const clubs = createClubsRepository(database.db);
  const privacy = createPrivacyService(database);

  async function gridFor(viewer: Viewer, gridId: string) {
    const grid = await dashboards.grid(gridId);
    if (!grid) throw notFound(messages.dashboard.notFound);
    if (grid.clubId === null) {
      if (!viewer.isAdmin) throw forbidden(messages.dashboard.adminsOnly);
      return grid;
    }
    const club = await clubs.findRole(grid.clubId, viewer.id);
    if (!club || club.role === null) throw notFound(messages.dashboard.notFound);
    if (club.role !== 'owner' && club.role !== 'co_owner') {
      throw forbidden(messages.dashboard.ownersOnly);
    }
    return grid;
  }

  return {
    async getDashboard(viewer: Viewer, gridId: string): Promise<DashboardResponse> {
      const grid = await gridFor(viewer, gridId);
      const { top, ...counted } = await countFigures(dashboards, grid.id, now());
      // Names and visibility now, so hiding a profile hides it here at once (decision 023).
      const people = new Map((await dashboards.people(top.map((t) => t.id))).map((p) => [p.id, p]));
      const rows = top.flatMap((t) => {
        const person = people.get(t.id);
        return person ? [{ ...person, points: t.points }] : [];
      });
      const relationOf = await privacy.relationsTo(
        viewer.id,
        rows.map((row) => ({ id: row.id, visibility: row.profileVisibility })),
      );
      return {
        grid: {
          id: grid.id,
          title: grid.title,
          createdAt: toIso(grid.createdAt),
          club: grid.clubId === null ? null : { id: grid.clubId, name: grid.clubName ?? '' },
        },
        ...counted,
        topReaders: toLeaderboardEntries(rows, viewer.id, relationOf),
      };
    },
  };
}
