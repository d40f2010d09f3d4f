import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { sweepIdempotencyKeys } from '../../http/idempotency';
import type { SignInLockout } from '../../auth/sign-in-lockout';
import { createErasureRepository } from './erasure.repository';
import type { ErasureService, ErasureDeps } from './erasure.service';

const DAY_MS = 86_400_000;
/** How long a closed report (with its snapshot) stays as the record of what was acted on. */
export const CLOSED_REPORT_RETENTION_DAYS = 180;
/** How often the server sweeps: hourly is plenty for a limit counted in days. */
export const GUEST_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** Guests erased per query; the sweep asks again until none are left. */
const SWEEP_BATCH = 100;

/**
 * Erases the guests nobody has used for `config.guestRetentionDays` (issue 23; default 30):
 * each in its own transaction, like any erasure. Also deletes what has lapsed elsewhere (the
 * data-retention table of docs/SECURITY.md): sign-in lock rows, expired reset links and
 * Idempotency-Keys older than a day, reports closed more than 180 days ago. Returns how many guests went; counts are logged, never who.
 */
export async function sweepStaleGuests(
  deps: ErasureDeps & { lockout: SignInLockout },
  erasure: ErasureService,
  log: FastifyBaseLogger,
  now: number = Date.now(),
): Promise<number> {
  const before = new Date(now - deps.config.guestRetentionDays * DAY_MS).toISOString();
  const repo = createErasureRepository(deps.database.db, deps.database.kind);
  let erased = 0;
  for (;;) {
    const ids = await repo.staleGuests(before, SWEEP_BATCH);
    for (const id of ids) {
      if (await erasure.erase(id, { by: 'sweep' })) erased += 1;
    }
    if (ids.length < SWEEP_BATCH) break;
  }
  const locksPruned = await deps.lockout.prune();
  const expiredLinks = await sql`delete from verifications
    where expires_at < ${new Date(now).toISOString()}`.execute(deps.database.db);
  const keysPruned = await sweepIdempotencyKeys(deps.database.db, now);
  const closedReports = await deps.database.db
    .deleteFrom('reports')
    .where('status', '=', 'closed')
    .where('closedAt', '<', new Date(now - CLOSED_REPORT_RETENTION_DAYS * DAY_MS).toISOString())
    .executeTakeFirst();
  log.info(
    {
      guestsErased: erased,
      locksPruned,
      expiredLinksPruned: Number(expiredLinks.numAffectedRows ?? 0),
      idempotencyKeysPruned: keysPruned,
      closedReportsPruned: Number(closedReports.numDeletedRows),
      retentionDays: deps.config.guestRetentionDays,
    },
    'guest sweep',
  );
  return erased;
}

/** Runs the sweep every GUEST_SWEEP_INTERVAL_MS; the timer never keeps the process alive. */
export function startGuestSweep(run: () => Promise<unknown>, log: FastifyBaseLogger) {
  const timer = setInterval(() => {
    run().catch((error: unknown) => log.error({ err: error }, 'guest sweep failed'));
  }, GUEST_SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
