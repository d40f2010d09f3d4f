import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long work on the main thread runs before it lets other requests in (issue 8). */
export const SLICE_MS = 4;

/**
 * Long work on the main thread in slices: `tick()` between steps returns at once until
 * `sliceMs` have passed, then waits one turn of the event loop, so requests that arrived
 * meanwhile (a health check, a search) are answered before the work goes on. Awaiting a
 * database call is not enough on SQLite: its driver answers synchronously, so a loop of
 * queries never leaves the microtask queue.
 */
export function createSlicer(sliceMs = SLICE_MS) {
  let sliceStart = performance.now();
  return {
    async tick(): Promise<void> {
      if (performance.now() - sliceStart < sliceMs) return;
      await nextTurn();
      sliceStart = performance.now();
    },
  };
}

export type Slicer = ReturnType<typeof createSlicer>;

/** Runs a generator of steps to its end, one `tick` between steps. */
export async function runInSlices<T>(
  steps: Generator<unknown, T, undefined>,
  slicer: Slicer = createSlicer(),
): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await slicer.tick();
  }
}
