import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database';
import { WAL_PAGES_BEFORE_OWN_CHECKPOINT } from './wal-checkpoints';

describe('the SQLite handle with kept statements', () => {
  let dir = '';
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function open() {
    dir = mkdtempSync(path.join(tmpdir(), 'bingo-db-'));
    handle = openDatabase({ database: { kind: 'sqlite', path: path.join(dir, 'x.sqlite') } });
    return handle.raw;
  }

  it('checkpoints the WAL on a thread of its own, not in a commit on the event loop', async () => {
    const db = open();
    const file = path.join(dir, 'x.sqlite');
    // The app's connection checkpoints only as a safety net, far past SQLite's 1,000 pages.
    const own = await sql<{ walAutocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
    expect(Object.values(own.rows[0]!)).toEqual([WAL_PAGES_BEFORE_OWN_CHECKPOINT]);
    await sql`create table t (id integer primary key, body blob)`.execute(db);
    // About 2,000 pages: past SQLite's own 1,000, far below the app connection's threshold.
    for (let i = 0; i < 20; i += 1) {
      await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 100)
        insert into t (body) select randomblob(4000) from n`.execute(db);
    }
    // The thread copies the pages into the database file within its next round.
    await expect.poll(() => statSync(file).size, { timeout: 3000 }).toBeGreaterThan(8_000_000);
    const { rows } = await sql<{ n: number }>`select count(*) as n from t`.execute(db);
    expect(rows[0]!.n).toBe(2000);
  });

  it('answers the same SQL text again with the new rows and parameters', async () => {
    const db = open();
    await sql`create table t (id integer primary key, name text)`.execute(db);
    const byId = (id: number) => sql<{ name: string }>`select name from t where id = ${id}`;
    await sql`insert into t (id, name) values (1, 'one'), (2, 'two')`.execute(db);
    expect((await byId(1).execute(db)).rows).toEqual([{ name: 'one' }]);
    expect((await byId(2).execute(db)).rows).toEqual([{ name: 'two' }]);
    await sql`update t set name = 'uno' where id = 1`.execute(db);
    expect((await byId(1).execute(db)).rows).toEqual([{ name: 'uno' }]);
  });

  it('sees a schema change through a statement it kept from before', async () => {
    const db = open();
    await sql`create table t (id integer primary key)`.execute(db);
    await sql`insert into t (id) values (1)`.execute(db);
    const all = () => sql<Record<string, unknown>>`select * from t`.execute(db);
    expect((await all()).rows).toEqual([{ id: 1 }]);
    await sql`alter table t add column name text default 'x'`.execute(db);
    expect((await all()).rows).toEqual([{ id: 1, name: 'x' }]);
  });

  it('streams with a kept statement and reuses it afterwards', async () => {
    const db = open();
    await sql`create table t (id integer primary key)`.execute(db);
    await sql`insert into t (id) values (1), (2), (3)`.execute(db);
    const query = db.selectFrom('t' as never).select(sql<number>`id`.as('id'));
    const streamed: number[] = [];
    for await (const row of query.stream()) streamed.push(row.id);
    expect(streamed).toEqual([1, 2, 3]);
    expect((await query.execute()).map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it('moves its change count on every write, and not on reads', async () => {
    const db = open();
    const count = () => handle!.changeCount!();
    await sql`create table t (id integer primary key, name text)`.execute(db);
    let last = count();
    const moved = async (step: () => Promise<unknown>) => {
      await step();
      const now = count();
      const didMove = now !== last;
      last = now;
      return didMove;
    };
    expect(await moved(() => sql`insert into t (id, name) values (1, 'one')`.execute(db))).toBe(
      true,
    );
    expect(await moved(() => sql`select name from t where id = 1`.execute(db))).toBe(false);
    expect(await moved(() => sql`update t set name = 'uno' returning id`.execute(db))).toBe(true);
    expect(await moved(() => sql`delete from t where id = 2`.execute(db))).toBe(true);
    expect(await moved(() => sql`alter table t add column extra text`.execute(db))).toBe(true);
    expect(await moved(() => sql`select count(*) from t`.execute(db))).toBe(false);
  });

  it('answers a ping at once, inside another transaction too, and refuses one once closed', async () => {
    const db = open();
    expect(handle!.ping()).toBeUndefined();
    await db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      expect(handle!.ping()).toBeUndefined();
    });
    const closing = handle!;
    handle = undefined;
    await closing.close();
    expect(() => closing.ping()).toThrow(/not open/);
  });
});
