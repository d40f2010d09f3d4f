import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CamelCasePlugin,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  sql,
  type PostgresPoolClient,
} from 'kysely';
import pg from 'pg';
import type { AppConfig } from '../config';
import type { Database } from './schema';
import { startWalCheckpoints, WAL_PAGES_BEFORE_OWN_CHECKPOINT } from './wal-checkpoints';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  kind: DatabaseKind;
  /** Our queries: camelCase in code, snake_case in SQL. */
  db: Kysely<Database>;
  /** The same connection without the camelCase plugin, for better-auth, which names its own columns. */
  raw: Kysely<unknown>;
  /**
   * SQLite only: true when another process (e.g. `npm run admin`) committed to the file since
   * the last call (PRAGMA data_version), so caches of this process can drop what they hold.
   */
  changedElsewhere?: () => boolean;
  /**
   * A number that moves whenever the database may have changed since it was last read. SQLite:
   * by this process (any statement that writes, counted as it runs) or by another (PRAGMA
   * data_version). PostgreSQL: set by the app (shared/data-changes.ts, decision 027) from this
   * instance's writes and the commits other instances tell of on the bus; undefined while that
   * cannot be trusted (Redis away). While it holds still, what was read is still true, so a
   * reader's answer kept under it can be served again (the card, issue 10).
   */
  changeCount?: () => number | undefined;
  /**
   * PostgreSQL only: tells `listener` of this process's writes, so kept answers can be keyed on
   * them as SQLite's are on its change count (decision 027, shared/data-changes.ts): `started`
   * before a statement that can write is sent, `committed` once it is committed (its
   * transaction's `commit`, or the statement itself outside a transaction) and visible to every
   * other connection. One listener; a second replaces the first.
   */
  watchWrites?: (listener: WriteListener) => void;
  /**
   * A statement that reads nothing, to show the database answers (the health check): SQLite's
   * runs on its connection at once and returns nothing (it throws once the file is closed);
   * PostgreSQL's is a round trip to the server, its promise.
   */
  ping(): Promise<void> | undefined;
  close(): Promise<void>;
}

/** What a PostgreSQL handle tells of this process's writes (`watchWrites`). */
export interface WriteListener {
  started(): void;
  committed(): void;
}

// PostgreSQL returns int8 (count, sum) as strings; our counts fit in a double.
pg.types.setTypeParser(20, (value) => Number(value));

/** Prepared statements kept per SQL text at most; the oldest goes first. */
export const STATEMENT_CACHE_MAX = 500;

/**
 * better-sqlite3 that keeps its prepared statements (issue 10). Kysely's SQLite driver prepares
 * every query anew, and SQLite's parse and plan were about a tenth of a placement's time in the
 * profile; the same SQL text now reuses its statement. Safe on the one connection: Kysely runs
 * one query at a time on it (its mutex), and a schema change re-prepares a statement by itself.
 * Every statement is fetched here just before it runs (by Kysely's driver and the direct path
 * alike), so `onWrite` hears of each one that can change the file (not SQLite-readonly: an
 * insert, update or delete, with or without `returning`, or DDL) before it changes anything.
 */
function withStatementCache(sqlite: SqliteDatabase.Database, onWrite: () => void) {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_MAX) {
          const oldest = statements.keys().next();
          if (!oldest.done) statements.delete(oldest.value);
        }
        statements.set(sql, statement);
      }
      if (!statement.readonly) onWrite();
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}

/**
 * A compiled query run straight on SQLite's one connection (issue 10), skipping Kysely's driver,
 * connection mutex and the promises between them: better-sqlite3 is synchronous, and that path
 * was a third of a query's cost in the load profile. It runs only where Kysely's own path
 * would give the same answer: inside the caller's own transaction (which holds the connection),
 * or when no transaction is open on it. Another request's open transaction makes it decline
 * (undefined), and the caller takes Kysely's path, which waits for the connection: a query
 * never lands inside somebody else's transaction.
 */
export interface DirectSqlite {
  run<R>(sql: string, parameters: readonly unknown[], inOwnTransaction: boolean): R[] | undefined;
}

/**
 * Kysely's camelCase plugin with its key conversion remembered (the same few column names
 * convert on every row), and, on SQLite, the direct path of this database's connection: a
 * transaction's executor carries the same plugin, so both find it (`directSqliteOf`).
 */
class AppCamelCasePlugin extends CamelCasePlugin {
  readonly #camel = new Map<string, string>();
  direct: DirectSqlite | undefined;

  protected override camelCase(str: string): string {
    let camel = this.#camel.get(str);
    if (camel === undefined) {
      camel = super.camelCase(str);
      if (this.#camel.size < STATEMENT_CACHE_MAX * 10) this.#camel.set(str, camel);
    }
    return camel;
  }

  /** A driver's row as Kysely would hand it back through this plugin. */
  rowOf<R>(row: Record<string, unknown>): R {
    return this.mapRow(row) as R;
  }
}

/** The camel-case plugin of the database behind `db` (or its transaction), if it is ours. */
function appPluginOf(db: Kysely<unknown> | Kysely<Database>): AppCamelCasePlugin | undefined {
  const plugin = db.getExecutor().plugins[0];
  return plugin instanceof AppCamelCasePlugin ? plugin : undefined;
}

/**
 * One object per opened database, the same for `db` and every transaction on it: a key for
 * what is kept per database in memory (a WeakMap's), which a transaction must find too.
 */
export function databaseKeyOf(db: Kysely<unknown> | Kysely<Database>): object {
  return appPluginOf(db) ?? db;
}

/** The direct SQLite path of the database behind `db` (or its transaction), if it is SQLite. */
export function directSqliteOf(db: Kysely<unknown> | Kysely<Database>): DirectSqlite | undefined {
  return appPluginOf(db)?.direct;
}

/**
 * Statements named (and so kept prepared on each PostgreSQL connection): reads, writes and
 * calls of our procedures (migration 025's placement).
 */
const NAMEABLE_SQL = /^\s*(?:select|insert|update|delete|with|call)\b/i;
/** Longer texts (a bulk insert of many rows) are sent unnamed: a plan kept per connection each. */
const NAMEABLE_SQL_MAX_LENGTH = 2000;
/** Statements that write nothing: reads, and a transaction's own statements (told apart below). */
const READ_ONLY_SQL =
  /^\s*(?:select|begin|start transaction|commit|rollback|savepoint|release|show|explain)\b/i;
/** A `with` query writes when one of its parts does. */
const WRITING_WITH = /\b(?:insert|update|delete|merge)\b/i;
const TRANSACTION_START = /^\s*(?:begin|start transaction)\b/i;
const TRANSACTION_COMMIT = /^\s*commit\b/i;
const TRANSACTION_END = /^\s*(?:commit\b|rollback\b(?!\s+to\b))/i;
const WITH_SQL = /^\s*with\b/i;

/** Whether a statement can change what is stored (anything but a read or a transaction step). */
function canWrite(sql: string): boolean {
  if (READ_ONLY_SQL.test(sql)) return false;
  return !WITH_SQL.test(sql) || WRITING_WITH.test(sql);
}

/**
 * A pg pool whose clients send each query text as a named prepared statement (issue 10):
 * PostgreSQL parses and plans it once per connection instead of on every execution, and pg
 * sends only Bind and Execute afterwards. Names are given to the first STATEMENT_CACHE_MAX
 * texts and never reused for another text; statements outside that (and DDL, `begin`,
 * `commit`) go unnamed as before. Not for PgBouncer in transaction mode before 1.21, which
 * does not carry prepared statements between server connections (docs/SCALING.md).
 */
function withNamedStatements(pool: pg.Pool, writes: { listener?: WriteListener }) {
  const names = new Map<string, string>();
  const nameOf = (sql: string): string | undefined => {
    let name = names.get(sql);
    if (
      name === undefined &&
      names.size < STATEMENT_CACHE_MAX &&
      sql.length <= NAMEABLE_SQL_MAX_LENGTH &&
      NAMEABLE_SQL.test(sql)
    ) {
      name = `bingo_${names.size}`;
      names.set(sql, name);
    }
    return name;
  };
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  // Kysely calls query(sql, parameters) only (no cursors here: we never stream).
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    // This connection's transaction, and whether it wrote: its commit is what others can see.
    let inTransaction = false;
    let wrote = false;
    const send = (sql: string, parameters: readonly unknown[]) => {
      const name = nameOf(sql);
      return name === undefined
        ? client.query(sql, [...parameters])
        : client.query({ name, text: sql, values: [...parameters] });
    };
    return {
      query: (async (sql: string, parameters: readonly unknown[]) => {
        const listener = writes.listener;
        if (!listener) return send(sql, parameters);
        if (TRANSACTION_START.test(sql)) {
          inTransaction = true;
          wrote = false;
          return send(sql, parameters);
        }
        if (TRANSACTION_END.test(sql)) {
          const committed = wrote && TRANSACTION_COMMIT.test(sql);
          inTransaction = false;
          wrote = false;
          const result = await send(sql, parameters);
          if (committed) listener.committed();
          return result;
        }
        if (!canWrite(sql)) return send(sql, parameters);
        listener.started();
        if (inTransaction) {
          wrote = true;
          return send(sql, parameters);
        }
        try {
          return await send(sql, parameters);
        } finally {
          // Outside a transaction a statement commits by itself (or fails and changes nothing:
          // told anyway, which only empties kept answers once more).
          listener.committed();
        }
      }) as unknown as PostgresPoolClient['query'],
      release: () => client.release(),
    };
  };
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) wrappers.set(client, (wrapper = wrap(client)));
      return wrapper;
    },
    end: () => pool.end(),
  };
}

/**
 * Opens the configured database: a SQLite file (default) or PostgreSQL when DATABASE_URL is set.
 * `onPoolError` hears about idle PostgreSQL connections the server closed (a restart, a
 * terminated backend); the pool replaces them, and without a listener Node would crash.
 */
export function openDatabase(
  config: Pick<AppConfig, 'database'>,
  onPoolError: (error: Error) => void = () => {},
): DatabaseHandle {
  const camelCase = new AppCamelCasePlugin();
  const plugins = [camelCase];
  if (config.database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.database.url, max: 10 });
    pool.on('error', onPoolError);
    const writes: { listener?: WriteListener } = {};
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: withNamedStatements(pool, writes) }),
      plugins,
    });
    return {
      kind: 'postgres',
      db,
      raw: db.withoutPlugins() as unknown as Kysely<unknown>,
      watchWrites(listener) {
        writes.listener = listener;
      },
      ping: async () => void (await sql`select 1`.execute(db)),
      close: () => db.destroy(),
    };
  }
  const file = config.database.path;
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // Decision 011. WAL: readers never wait for the writer. synchronous=NORMAL: a commit is
  // appended to the WAL without an fsync; a killed process loses nothing it acknowledged (the
  // WAL is in the OS page cache, and the next open replays it), only a power loss or an OS
  // crash can drop the last commits. FULL would fsync every commit for that case.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Performance only, no durability trade: a 64 MB page cache, temporary tables in memory, and
  // the file mapped for reads.
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('temp_store = MEMORY');
  sqlite.pragma('mmap_size = 268435456');
  // Checkpoints run on a thread of their own, not in a commit on the event loop.
  const stopCheckpoints =
    file === ':memory:'
      ? null
      : startWalCheckpoints(file, () => {
          if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
        });
  if (stopCheckpoints) sqlite.pragma(`wal_autocheckpoint = ${WAL_PAGES_BEFORE_OWN_CHECKPOINT}`);
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  // Reads no table, so it may run even inside another caller's open transaction.
  const selectOne = sqlite.prepare('select 1').pluck();
  // Commits by other processes, counted from data_version. Reading it starts a read of the WAL,
  // microseconds each, and a signed-in card read asked twice (issue 10's profile): it is read
  // once per turn of the event loop, and every request handled in that turn shares the answer.
  // A commit by another process during the turn is seen on the next one, as if it came later.
  let versionSeen = dataVersion.get();
  let commitsElsewhere = 0;
  let readThisTurn = false;
  const countCommitsElsewhere = () => {
    if (!readThisTurn && sqlite.open) {
      readThisTurn = true;
      setImmediate(() => {
        readThisTurn = false;
      });
      const version = dataVersion.get();
      if (version !== versionSeen) {
        versionSeen = version;
        commitsElsewhere += 1;
      }
    }
    return commitsElsewhere;
  };
  let commitsElsewhereTold = 0;
  let writes = 0;
  const statements = withStatementCache(sqlite, () => {
    writes += 1;
  });
  camelCase.direct = {
    run<R>(sql: string, parameters: readonly unknown[], inOwnTransaction: boolean) {
      if (!inOwnTransaction && sqlite.inTransaction) return undefined;
      const statement = statements.prepare(sql);
      if (!statement.reader) {
        statement.run(parameters);
        return [];
      }
      return (statement.all(parameters) as Record<string, unknown>[]).map((row) =>
        camelCase.rowOf<R>(row),
      );
    },
  };
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: statements }),
    plugins,
  });
  return {
    kind: 'sqlite',
    db,
    raw: db.withoutPlugins() as unknown as Kysely<unknown>,
    changedElsewhere() {
      const commits = countCommitsElsewhere();
      if (commits === commitsElsewhereTold) return false;
      commitsElsewhereTold = commits;
      return true;
    },
    changeCount: () => writes + countCommitsElsewhere(),
    ping() {
      selectOne.get();
      return undefined;
    },
    async close() {
      await stopCheckpoints?.();
      await db.destroy();
    },
  };
}
