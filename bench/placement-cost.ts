import os from 'node:os';
import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../src/server/db/database';
import {
  createTriggers,
  dropTriggers,
  squareBookCountTriggers,
  type CountTrigger,
} from '../src/server/db/migrations/022-square-book-counts';
import { squareBookPlacementTriggers } from '../src/server/db/migrations/023-square-book-counts-faster';
import { createEventHub } from '../src/server/events/hub';
import { createBingoService } from '../src/server/modules/bingo/bingo.service';
import { startBenchServer, type BenchServer } from './bench-server';
import { median, seededRandom } from './stats';
import { sharedCardAndBooks } from './crowd';

/**
 * Issue 25: what counting the square's books (square_book_counts) costs a placement. Three
 * databases side by side, built alike, differing only in the triggers on placements that keep
 * square_book_counts: none (the app before issue 25), migration 022's, and today's (023).
 * The same placements (new squares and replacements, as the load bench sends) go through the
 * bingo service on each, in rounds, the variants' order turning each round; a round's figure is
 * its mean time per placement, and each variant's ratio is taken to the uncounted one's in the
 * same round. Figures to read, never asserted.
 */
export const PLACEMENT_COST_TARGET = 1.1;
const READERS = 1000;
/** Placements already there before the timed ones (8 squares of each reader). */
const SQUARES_BEFORE = 8;
const ROUNDS = 40;
const PER_ROUND = 100;
const WARMUP = 200;

export interface PlacementCostVariant {
  name: string;
  /** Mean ms per placement in each round. */
  rounds: number[];
  medianMs: number;
  /** Mean CPU ms of this process per placement in each round, and their median. */
  cpuRounds: number[];
  medianCpuMs: number;
  /** The CPU ratio to the uncounted one's, per round, and the median. */
  cpuRatios: number[];
  medianCpuRatio: number;
  /** This variant's time over the uncounted one's, per round, and their median. */
  ratios: number[];
  medianRatio: number;
}

export interface PlacementCostFigures {
  database: DatabaseKind;
  readers: number;
  placementsBefore: number;
  perRound: number;
  variants: PlacementCostVariant[];
  /** Replacements among the timed placements (the rest are a square's first book or unchanged). */
  replacements: number;
  timed: number;
  loadAverage: number[];
  /** Whether square_book_counts was right on every counted database afterwards. */
  countsExact: boolean;
}

interface Variant {
  name: string;
  /** Puts this variant's triggers on placements (and its index) in place of the migrated ones. */
  install?: (db: Kysely<unknown>, kind: DatabaseKind) => Promise<void>;
}

const dropCurrent = (db: Kysely<unknown>, kind: DatabaseKind) =>
  dropTriggers(db, kind, squareBookPlacementTriggers(kind));

const VARIANTS: Variant[] = [
  { name: 'without counting (before issue 25)', install: dropCurrent },
  {
    name: "migration 022's triggers",
    async install(db, kind) {
      await dropCurrent(db, kind);
      await sql`drop index square_book_counts_band_idx`.execute(db);
      await sql`create index square_book_counts_top_idx
        on square_book_counts (cell_id, readers desc, book_isbn)`.execute(db);
      const triggers: CountTrigger[] = squareBookCountTriggers(kind).triggers;
      await createTriggers(
        db,
        kind,
        triggers.filter((t) => t.table === 'placements'),
      );
    },
  },
  // As migrated.
  { name: "today's triggers (migration 023)" },
];

/** Whether square_book_counts equals a count of the placements of readers who count. */
async function countsExact(db: Kysely<unknown>): Promise<boolean> {
  const off = await sql<{ off: number | string }>`
    select count(*) as off from (
      select p.cell_id, p.book_isbn, count(*) as readers from placements p
      join users u on u.id = p.user_id
      join grids g on g.id = p.grid_id
      where u.profile_visibility = 'everyone' and not coalesce(u.banned, false)
        and (g.club_id is null or exists (select 1 from club_members m
          where m.club_id = g.club_id and m.user_id = p.user_id))
      group by p.cell_id, p.book_isbn
    ) r full outer join square_book_counts s
      on s.cell_id = r.cell_id and s.book_isbn = r.book_isbn
    where r.readers is null or s.readers is null or r.readers <> s.readers`.execute(db);
  return Number(off.rows[0]?.off ?? 1) === 0;
}

export async function measurePlacementCost(
  options: { postgresServer?: string } = {},
): Promise<PlacementCostFigures> {
  const servers: BenchServer[] = [];
  try {
    for (let i = 0; i < VARIANTS.length; i += 1) {
      servers.push(
        await startBenchServer(
          { RATE_LIMIT_SCALE: '0' },
          {},
          options.postgresServer ? { postgresServer: options.postgresServer } : {},
        ),
      );
    }
    const kind = servers[0]!.app.deps.database.kind;
    const setups: Setup[] = [];
    for (const [i, server] of servers.entries()) {
      const { db } = server.app.deps.database;
      await VARIANTS[i]!.install?.(db as Kysely<unknown>, kind);
      setups.push(await prepare(server, kind));
    }

    // The same placements on every database: each square draws from its own slice of the
    // catalogue (as bench/load.ts), skewed so a few books are everywhere.
    const { cells, books } = setups[0]!;
    const random = seededRandom(2025);
    const booksOf = (position: number) => books.filter((_, b) => b % cells.length === position);
    const pick = () => {
      const reader = random.int(READERS);
      const cell = cells[random.int(cells.length)]!;
      const slice = booksOf(cell.position);
      return { reader, position: cell.position, isbn: slice[random.skewed(slice.length, 2)]! };
    };
    const warmup = Array.from({ length: WARMUP }, pick);
    const rounds = Array.from({ length: ROUNDS }, () => Array.from({ length: PER_ROUND }, pick));

    let replacements = 0;
    const runAll = async (setup: Setup, work: ReturnType<typeof pick>[]) => {
      const cpuAt = process.cpuUsage();
      const started = performance.now();
      for (const p of work) {
        const outcome = await setup.service.placeBook(setup.viewers[p.reader]!, {
          cellId: setup.cells[p.position]!.id,
          isbn: p.isbn,
        });
        if (setup === setups[0] && outcome.outcome === 'replaced') replacements += 1;
      }
      const wall = (performance.now() - started) / work.length;
      const cpu = process.cpuUsage(cpuAt);
      return { wall, cpu: (cpu.user + cpu.system) / 1000 / work.length };
    };
    for (const setup of setups) await runAll(setup, warmup);
    // Side by side: every round, each database in turn places the same 100 books.
    replacements = 0;
    const times: number[][] = VARIANTS.map(() => []);
    const cpuTimes: number[][] = VARIANTS.map(() => []);
    for (const [r, work] of rounds.entries()) {
      // The order turns each round, so no variant always runs first (or last).
      for (let k = 0; k < setups.length; k += 1) {
        const v = (r + k) % setups.length;
        const { wall, cpu } = await runAll(setups[v]!, work);
        times[v]!.push(wall);
        cpuTimes[v]!.push(cpu);
      }
    }
    const loadAverage = os.loadavg();
    let exact = true;
    for (const [i, server] of servers.entries()) {
      if (i === 0) continue;
      exact &&= await countsExact(server.app.deps.database.db as Kysely<unknown>);
    }
    const base = times[0]!;
    return {
      database: kind,
      readers: READERS,
      placementsBefore: READERS * SQUARES_BEFORE,
      perRound: PER_ROUND,
      variants: VARIANTS.map((v, i) => {
        const ratios = times[i]!.map((t, r) => t / base[r]!);
        const cpuRatios = cpuTimes[i]!.map((t, r) => t / cpuTimes[0]![r]!);
        return {
          name: v.name,
          rounds: times[i]!,
          medianMs: median(times[i]!),
          cpuRounds: cpuTimes[i]!,
          medianCpuMs: median(cpuTimes[i]!),
          cpuRatios,
          medianCpuRatio: median(cpuRatios),
          ratios,
          medianRatio: median(ratios),
        };
      }),
      replacements,
      timed: ROUNDS * PER_ROUND,
      loadAverage,
      countsExact: exact,
    };
  } finally {
    for (const server of servers) await server.close();
  }
}

type Setup = Awaited<ReturnType<typeof prepare>>;

/** Readers (a fifth hiding their profile), 8 squares each placed, and the bingo service. */
async function prepare(server: BenchServer, kind: DatabaseKind) {
  const { db } = server.app.deps.database;
  const iso = new Date().toISOString();
  const { cells, isbns: books } = await sharedCardAndBooks(db);
  const ids = Array.from({ length: READERS }, (_, i) => `placement-cost-${i}`);
  for (let k = 0; k < ids.length; k += 500) {
    await db
      .insertInto('users')
      .values(
        ids.slice(k, k + 500).map((id, j) => ({
          id,
          name: `Placement Reader ${k + j}`,
          email: `${id}@example.com`,
          emailVerified: (kind === 'postgres' ? false : 0) as never,
          createdAt: iso,
          updatedAt: iso,
          role: 'user',
          profileVisibility: (k + j) % 5 === 0 ? ('only_me' as const) : ('everyone' as const),
        })),
      )
      .execute();
  }
  const service = createBingoService({ database: server.app.deps.database, hub: createEventHub() });
  const viewers = ids.map((id) => ({
    id,
    email: `${id}@example.com`,
    username: null,
    name: id,
    role: 'user' as const,
    isAnonymous: false,
    isAdmin: false,
  }));
  // Eight squares each, placed through the service as readers would (the same on every database).
  const random = seededRandom(24);
  for (const viewer of viewers) {
    const first = random.int(cells.length);
    for (let s = 0; s < SQUARES_BEFORE; s += 1) {
      const cell = cells[(first + s * 2) % cells.length]!;
      const slice = books.filter((_, b) => b % cells.length === cell.position);
      await service.placeBook(viewer, { cellId: cell.id, isbn: slice[random.int(slice.length)]! });
    }
  }
  await sql`analyze`.execute(db);
  return { service, viewers, cells, books };
}
