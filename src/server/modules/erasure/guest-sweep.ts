import type { FastifyBaseLogger } from 'fastify';
import type { SignInLockout } from '../../auth/sign-in-lockout';
import { createErasureRepository } from './erasure.repository';
import type { ErasureService, ErasureDeps } from './erasure.service';

const DAY_MS = 86_400_000;
/** How often the server sweeps: hourly is plenty for a limit counted in days. */
export const GUEST_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** Guests erased per query; the sweep asks again until none are left. */
const SWEEP_BATCH = 100;

/**
 * Erases the guests nobody has used for `config.guestRetentionDays` (issue 23; default 30):
 * each in its own transaction, like any erasure. Also drops the sign-in lock rows that have
 * lapsed. Returns how many guests went; the count is logged, never who.
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
  log.info(
    { guestsErased: erased, locksPruned, retentionDays: deps.config.guestRetentionDays },
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
