import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database';

// Decision 011: WAL with synchronous=NORMAL loses no acknowledged write when the process is
// killed (only a power loss or an OS crash could). A writer is killed with SIGKILL mid-stream;
// every id it printed after its commit must be in the file when it is opened again.
describe.runIf(!process.env.DATABASE_URL)('SQLite durability', () => {
  it('keeps every acknowledged commit of a process killed with SIGKILL', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'bingo-kill-')), 'bingo.sqlite');
    const writer = spawn(
      process.execPath,
      ['--import', 'tsx', path.resolve('tests/helpers/sqlite-writer.ts'), file],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let acknowledged = 0;
    let buffered = '';
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      writer.once('exit', (_code, signal) => resolve(signal)),
    );
    await new Promise<void>((resolve) => {
      writer.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) acknowledged = Math.max(acknowledged, Number(line));
        if (acknowledged >= 500) {
          writer.kill('SIGKILL');
          resolve();
        }
      });
    });
    expect(await exited).toBe('SIGKILL');

    const reopened = openDatabase({ database: { kind: 'sqlite', path: file } });
    try {
      const { rows } = await sql<{
        n: number;
        top: number;
      }>`select count(*) as n, max(id) as top from acks`.execute(reopened.db);
      expect(rows[0]!.top).toBeGreaterThanOrEqual(acknowledged);
      expect(rows[0]!.n).toBe(rows[0]!.top);
    } finally {
      await reopened.close();
    }
  });
});
