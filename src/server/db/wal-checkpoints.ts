import { once } from 'node:events';
import { Worker } from 'node:worker_threads';

/** How often the checkpoint thread copies the WAL into the database file. */
export const WAL_CHECKPOINT_EVERY_MS = 250;
/**
 * The app's own connection checkpoints only past this many WAL pages (about 40 MB): a safety
 * net should the thread fall behind or stop, never reached while it runs.
 */
export const WAL_PAGES_BEFORE_OWN_CHECKPOINT = 10_000;

const WORKER_FILE = new URL('./wal-checkpoints.worker.mjs', import.meta.url);

/**
 * Checkpoints a SQLite file's WAL on a thread of its own (decision 028). SQLite's automatic
 * checkpoint runs inside the commit that crosses 1,000 pages, on the event loop, and fsyncs the
 * WAL and the database file: 100 placements a second crossed it twice a second, each time
 * 3 fsyncs of 5-8 ms (once 42 ms) during which no request was answered and no stream written.
 * `onFailure` runs if the thread cannot work (the app's connection takes its checkpoints back).
 * Returns the function that stops the thread.
 */
export function startWalCheckpoints(
  file: string,
  onFailure: () => void,
  everyMs = WAL_CHECKPOINT_EVERY_MS,
) {
  const worker = new Worker(WORKER_FILE, { workerData: { file, everyMs } });
  // It holds no request: the process may end while it runs.
  worker.unref();
  let failed = false;
  worker.once('error', () => {
    failed = true;
    onFailure();
  });
  return async () => {
    if (failed || worker.threadId === -1) return;
    const exited = once(worker, 'exit');
    // Held while it stops: otherwise a process with nothing else to do ends before `exited`.
    worker.ref();
    worker.postMessage('stop');
    await exited;
  };
}
