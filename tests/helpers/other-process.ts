import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Runs one statement on the SQLite file from a separate Node process, as `npm run admin` would
 * change it: its own connection, no bus and no memory shared with the app. Resolves once that
 * process has committed and exited.
 */
export async function writeFromAnotherProcess(
  file: string,
  statement: string,
  parameters: readonly unknown[] = [],
): Promise<void> {
  const script = [
    "const Database = require('better-sqlite3');",
    'const [file, statement, parameters] = JSON.parse(process.argv[1]);',
    'const db = new Database(file);',
    'try { db.prepare(statement).run(...parameters); } finally { db.close(); }',
  ].join('\n');
  await run(process.execPath, ['-e', script, JSON.stringify([file, statement, parameters])]);
}
