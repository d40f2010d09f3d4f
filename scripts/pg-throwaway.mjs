// Starts a throwaway PostgreSQL server (as DESIGN.md shows) for the PostgreSQL suite.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

function findPgBin() {
  for (const version of ['17', '16', '15', '14', '13']) {
    const dir = `/usr/lib/postgresql/${version}/bin`;
    if (existsSync(path.join(dir, 'initdb'))) return dir;
  }
  return null;
}

/**
 * Starts PostgreSQL on 127.0.0.1:port in a temporary folder and returns its URL and a stop
 * function. As root it runs the server as the 'postgres' user (PostgreSQL refuses root).
 */
export function startThrowawayPostgres(port = 5433) {
  const pgBin = findPgBin();
  if (!pgBin) {
    throw new Error(
      'PostgreSQL server binaries were not found. Install them (Debian: apt-get install postgresql) or set DATABASE_URL.',
    );
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'bingo-pg-'));
  chmodSync(dir, 0o777);
  const isRoot = process.getuid?.() === 0;
  const asPostgres = (command) =>
    isRoot
      ? execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', command], { stdio: 'pipe' })
      : execFileSync('/bin/sh', ['-c', command], { stdio: 'pipe' });
  if (isRoot) spawnSync('chown', ['postgres:postgres', dir]);
  asPostgres(`${pgBin}/initdb -D ${dir}/data -U postgres -A trust -E UTF8 --no-sync`);
  asPostgres(
    `${pgBin}/pg_ctl -D ${dir}/data -l ${dir}/server.log -o "-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" -w start`,
  );
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => asPostgres(`${pgBin}/pg_ctl -D ${dir}/data -m fast -w stop`),
  };
}
