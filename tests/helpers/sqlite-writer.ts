// A child process for tests/api/sqlite-durability.test.ts: opens the SQLite file through the
// app's own openDatabase (its pragmas), then writes rows one committed transaction at a time,
// printing each id once its commit returned: what the app would acknowledge to a reader.
import { sql } from 'kysely';
import { openDatabase } from '../../src/server/db/database';

const file = process.argv[2]!;
const handle = openDatabase({ database: { kind: 'sqlite', path: file } });
await sql`create table if not exists acks (id integer primary key, body text not null)`.execute(
  handle.db,
);
for (let id = 1; ; id += 1) {
  await handle.db.transaction().execute(async (trx) => {
    await sql`insert into acks (id, body) values (${id}, ${'x'.repeat(200)})`.execute(trx);
  });
  process.stdout.write(`${id}\n`);
}
