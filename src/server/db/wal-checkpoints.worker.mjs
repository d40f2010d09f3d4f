// The WAL checkpoints of one SQLite file (wal-checkpoints.ts, decision 028): a connection of its
// own, on this thread, copies committed pages from the WAL into the database file every
// `everyMs`. Plain JavaScript, as share-card-png.worker.mjs: Node 20 workers do not inherit
// tsx's loader. PASSIVE never waits for and never blocks the app's readers or its writer; what
// it cannot copy yet (a read still using those pages) it copies next time.
import { parentPort, workerData } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';

/** @type {{ file: string, everyMs: number }} */
const { file, everyMs } = workerData;
const sqlite = new SqliteDatabase(file, { fileMustExist: true });
const checkpoint = () => {
  try {
    sqlite.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or locked for a moment: the next one copies what this one could not.
  }
};
const timer = setInterval(checkpoint, everyMs);
parentPort?.once('message', () => {
  clearInterval(timer);
  sqlite.close();
  parentPort?.close();
});
