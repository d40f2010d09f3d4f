import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_PAGE_SIZE } from '../../src/lib/limits';
import type { FeedResponse } from '../../src/lib/schemas/posts';
import { createGrid, placeOk, type TestGrid } from '../helpers/bingo';
import { addWantToRead, befriend, createBook, createPost } from '../helpers/factories';
import {
  call,
  createTestApp,
  createUser,
  signIn,
  type TestApp,
  type TestUser,
} from '../helpers/test-app';

/**
 * Issue 27, "cost that stays flat as the data grows": the query plans of the hot queries. The
 * SQL is not copied here: the test records every statement the app sends to its database (at
 * the driver, below Kysely and SQLite's direct path) while the real routes answer a signed-in
 * reader's pages, then asks the database for each statement's plan with the parameters it was
 * sent with. A table that grows with readers, reached by a full scan, fails the test:
 * PostgreSQL's `Seq Scan on <table>` (planned with `enable_seqscan = off`, so a small test
 * table still gets its index whenever one fits), SQLite's bare `SCAN <table>` or an automatic
 * index (built anew on every run). Runs on SQLite, and on PostgreSQL with DATABASE_URL.
 */

/** Tables of a handful of rows that a full scan may read: the cards' definitions, settings. */
const SMALL_TABLES = new Set(['grids', 'cells', 'settings', 'kysely_migration']);

interface Statement {
  sql: string;
  parameters: unknown[];
  /** The route (or step) in flight when the statement was first sent. */
  route: string;
}

interface Finding {
  route: string;
  table: string;
  plan: string;
  sql: string;
}

let t: TestApp;
let reader: TestUser;
let grid: TestGrid;
const statements = new Map<string, Statement>();
let route = 'setup';

/** Statements that have a plan (not `begin`, `commit`, DDL or PRAGMAs). */
const PLANNED_SQL = /^\s*(?:select|insert|update|delete|with)\b/i;

function record(sql: string, parameters: unknown) {
  if (!PLANNED_SQL.test(sql) || statements.has(sql)) return;
  statements.set(sql, { sql, parameters: [...((parameters as unknown[]) ?? [])], route });
}

/**
 * Records every statement sent while `during` runs: better-sqlite3's statements as they run
 * (the cache keeps a statement prepared, so preparing is seen only once), pg's queries as sent.
 */
async function recording(during: () => Promise<void>) {
  const probe = new SqliteDatabase(':memory:');
  const statementProto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<
    string,
    (...args: unknown[]) => unknown
  >;
  probe.close();
  const methods = ['all', 'get', 'run', 'iterate'] as const;
  const originals = methods.map((m) => statementProto[m]!);
  methods.forEach((m, i) => {
    statementProto[m] = function (this: { source: string }, ...args: unknown[]) {
      record(this.source, args.length === 1 && Array.isArray(args[0]) ? args[0] : args);
      return originals[i]!.apply(this, args);
    };
  });
  const clientProto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = clientProto.query;
  clientProto.query = function (this: unknown, ...args: unknown[]) {
    const [first, values] = args;
    if (typeof first === 'string') record(first, values);
    else if (first && typeof first === 'object' && 'text' in first) {
      const config = first as { text: string; values?: unknown[] };
      record(config.text, config.values ?? values);
    }
    return query.apply(this, args);
  };
  try {
    await during();
  } finally {
    methods.forEach((m, i) => {
      statementProto[m] = originals[i]!;
    });
    clientProto.query = query;
  }
}

/** GET (or another method) through the real route, as `name`; fails unless it answers 2xx. */
async function visit(
  name: string,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  options: { cookie?: string; body?: unknown } = {},
) {
  route = name;
  const response = await call(t.app, method, url, { cookie: reader.cookie, ...options });
  if (response.statusCode >= 300)
    throw new Error(`${name}: ${response.statusCode} ${response.body}`);
  return response;
}

/** A statement's table aliases (Kysely writes `"blog_posts" as "p"`): alias to table. */
function aliasesOf(sql: string): Map<string, string> {
  return new Map(
    [...sql.matchAll(/"(\w+)" as "(\w+)"/g)].map(([, table, alias]) => [alias!, table!]),
  );
}

/**
 * SQLite: the table a plan line reads in full: a bare `SCAN` (no index), or an automatic index
 * (built anew on every run). `SCAN t USING INDEX` walks an index in its order and stops at the
 * statement's LIMIT (the feed, the Top 10). SQLite names a table by its alias and a subquery or
 * CTE by its own name, so names are resolved through the statement's aliases.
 */
function sqliteScans(detail: string, aliases: Map<string, string>): string | undefined {
  const match =
    /^\s*SCAN (\w+)(?: AS \w+)?\s*$/.exec(detail) ??
    /^\s*(?:SEARCH|SCAN) (\w+)(?: AS \w+)? USING AUTOMATIC/.exec(detail);
  return match ? (aliases.get(match[1]!) ?? match[1]) : undefined;
}

interface PgNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Filter?: string;
  Plans?: PgNode[];
}

/** Nodes a LIMIT above still stops early: they pass rows on as they come. */
const STREAMING = new Set([
  'Nested Loop',
  'Subquery Scan',
  'Result',
  'Unique',
  'Incremental Sort',
  'Merge Append',
  'Append',
  'Gather Merge',
]);

/** PostgreSQL: an index's table and its leading column (none for an expression). */
type IndexInfo = Map<string, { table: string; first: string | null }>;

/** Whether an index condition names `column` itself (not another table's `f.column`). */
const namesColumn = (cond: string, column: string) =>
  new RegExp(`(^|[^.\\w])${column}\\b`).test(cond.replaceAll('"', ''));

/**
 * PostgreSQL (planned with enable_seqscan off, so a sequential scan means no index fits): the
 * tables read in full: a `Seq Scan`; an index read without a condition on its leading column
 * (the whole index, in its order, or searched for a later column), unless a LIMIT above it
 * stops it early. Also the plan as lines to show.
 */
function postgresScans(root: PgNode, indexes: IndexInfo) {
  const lines: string[] = [];
  const scans: string[] = [];
  const walk = (node: PgNode, depth: number, underLimit: boolean) => {
    const type = node['Node Type'];
    const relation = node['Relation Name'];
    const indexName = node['Index Name'];
    const cond = node['Index Cond'];
    lines.push(
      `${'  '.repeat(depth)}${type}${relation ? ` on ${relation}` : ''}` +
        `${indexName ? ` using ${indexName}` : ''}${cond ? ` (${cond})` : ''}` +
        `${node.Filter ? ` filter ${node.Filter}` : ''}`,
    );
    if (relation && type === 'Seq Scan') scans.push(relation);
    const index = indexName ? indexes.get(indexName) : undefined;
    if (index) {
      const whole = !cond || (index.first !== null && !namesColumn(cond, index.first));
      const stopped = underLimit && type !== 'Bitmap Index Scan';
      if (whole && !stopped) scans.push(index.table);
    }
    const passes = type === 'Limit' || (underLimit && STREAMING.has(type));
    for (const child of node.Plans ?? []) walk(child, depth + 1, passes);
  };
  walk(root, 0, false);
  return { lines, scans };
}

/**
 * Every recorded statement's plan, with `change` (e.g. an index dropped) made first, in one
 * transaction that is rolled back: the database is left as it was.
 */
async function plansWith(change?: string): Promise<{ findings: Finding[]; planned: number }> {
  const findings: Finding[] = [];
  const { database } = t.config;
  const planned = [...statements.values()];
  const found = (statement: Statement, plan: string[], scans: (string | undefined)[]) => {
    for (const table of scans) {
      if (table && tables.has(table) && !SMALL_TABLES.has(table)) {
        findings.push({ route: statement.route, table, plan: plan.join('\n'), sql: statement.sql });
      }
    }
  };
  let tables = new Set<string>();
  if (database.kind === 'postgres') {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query('begin');
      await client.query('set local enable_seqscan = off');
      if (change) await client.query(change);
      const names = await client.query<{ name: string }>(
        `select tablename as name from pg_tables where schemaname = current_schema()`,
      );
      tables = new Set(names.rows.map((row) => row.name));
      const indexRows = await client.query<{ index: string; table: string; first: string | null }>(
        `select i.relname as index, t.relname as table, a.attname as first
           from pg_index x
           join pg_class i on i.oid = x.indexrelid
           join pg_class t on t.oid = x.indrelid
           left join pg_attribute a on a.attrelid = x.indrelid and a.attnum = x.indkey[0]
          where t.relnamespace = current_schema()::regnamespace`,
      );
      const indexes: IndexInfo = new Map(
        indexRows.rows.map((row) => [row.index, { table: row.table, first: row.first }]),
      );
      for (const statement of planned) {
        const result = await client.query<{ 'QUERY PLAN': [{ Plan: PgNode }] }>(
          `explain (format json) ${statement.sql}`,
          statement.parameters,
        );
        const { lines, scans } = postgresScans(result.rows[0]!['QUERY PLAN'][0].Plan, indexes);
        found(statement, lines, scans);
      }
    } finally {
      await client.query('rollback');
      await client.end();
    }
  } else {
    const sqlite = new SqliteDatabase(database.path);
    try {
      sqlite.exec('begin');
      if (change) sqlite.exec(change);
      const names = sqlite.prepare(`select name from sqlite_master where type = 'table'`).all() as {
        name: string;
      }[];
      tables = new Set(names.map((row) => row.name));
      for (const statement of planned) {
        const lines = (
          sqlite.prepare(`explain query plan ${statement.sql}`).all(statement.parameters) as {
            detail: string;
          }[]
        ).map((row) => row.detail);
        const aliases = aliasesOf(statement.sql);
        found(
          statement,
          lines,
          lines.map((line) => sqliteScans(line, aliases)),
        );
      }
    } finally {
      sqlite.exec('rollback');
      sqlite.close();
    }
  }
  return { findings, planned: planned.length };
}

const described = (findings: Finding[]) =>
  findings.map((f) => `${f.route}: full scan of ${f.table}\n${f.sql}\n${f.plan}`).join('\n\n');

beforeAll(async () => {
  t = await createTestApp();
  grid = await createGrid(t.app);
  reader = await createUser(t.app);
  const friend = await createUser(t.app);
  const stranger = await createUser(t.app);
  await befriend(t.app, reader.id, friend.id);
  const books = await Promise.all(Array.from({ length: 4 }, () => createBook(t.app)));
  // More posts than a page, from a friend and from a stranger: both feeds have a later page.
  for (let i = 0; i < BLOG_PAGE_SIZE + 2; i += 1) {
    const at = new Date(Date.now() - i * 60_000).toISOString();
    await createPost(t.app, friend.id, { book: books[i % 4]!, createdAt: at });
    await createPost(t.app, stranger.id, { book: books[i % 4]!, createdAt: at });
  }
  await addWantToRead(t.app, reader.id, { book: books[3]! });
  await placeOk(t.app, friend.cookie, grid.cells[1]!, books[1]!.isbn);

  await recording(async () => {
    route = 'sign-in';
    reader.cookie = await signIn(t.app, reader.email, reader.password);
    await visit('session lookup', 'GET', '/api/me');
    await visit('grids', 'GET', '/api/grids');
    await visit("the reader's card", 'GET', `/api/bingo/grids/${grid.id}`);
    // Before the placement: deciding who hears of it reads the top and the reader's friends
    // (decision 028), and a statement is named after the first route that sends it.
    await visit('Global Top 10', 'GET', '/api/leaderboard?scope=global');
    await visit('Friends leaderboard', 'GET', '/api/leaderboard?scope=friends');
    await visit('placement', 'POST', '/api/bingo/placements', {
      body: { cellId: grid.cells[0], isbn: books[0]!.isbn },
    });
    await visit('placement (replacing)', 'POST', '/api/bingo/placements', {
      body: { cellId: grid.cells[0], isbn: books[2]!.isbn },
    });
    await visit("the reader's card after placing", 'GET', `/api/bingo/grids/${grid.id}`);
    for (const filter of ['all', 'friends']) {
      const first = await visit(`feed (${filter})`, 'GET', `/api/posts?filter=${filter}`);
      const { nextCursor } = first.json<FeedResponse>();
      if (!nextCursor) throw new Error(`feed (${filter}): no later page`);
      await visit(
        `feed (${filter}), a later page`,
        'GET',
        `/api/posts?filter=${filter}&cursor=${encodeURIComponent(nextCursor)}`,
      );
    }
    await visit('want to read', 'GET', '/api/want-to-read');
    await visit('finished books', 'GET', '/api/finished-books');
    await visit('profile and stats', 'GET', '/api/profile');
    await visit("a friend's profile", 'GET', `/api/users/${friend.id}/profile`);
    await visit('friends list', 'GET', '/api/friends');
    await visit("a square's popular books", 'GET', `/api/bingo/cells/${grid.cells[1]}/popular`);
  });
  route = 'done';
});
afterAll(() => t.close());

describe('the hot queries reach growing tables by index', () => {
  it('records the statements of every hot route', () => {
    const routes = new Set([...statements.values()].map((s) => s.route));
    for (const name of [
      'session lookup',
      "the reader's card",
      'placement',
      'Global Top 10',
      'Friends leaderboard',
      'feed (all)',
      'feed (friends)',
      'feed (friends), a later page',
      'want to read',
      'profile and stats',
      'friends list',
      "a square's popular books",
    ]) {
      expect(routes, name).toContain(name);
    }
  });

  it('plans no full scan of a table that grows with readers', async () => {
    const { findings, planned } = await plansWith();
    expect(planned).toBeGreaterThan(20);
    expect(findings, described(findings)).toEqual([]);
  });

  it('fails when an index the friends queries need is gone', async () => {
    const { findings } = await plansWith('drop index friendships_receiver_idx');
    expect(findings.map((f) => f.table)).toContain('friendships');
    expect(findings.map((f) => f.route)).toContain('friends list');
  });

  it("fails when sign-in's clean-up of expired captcha solutions has no index (migration 024)", async () => {
    const { findings } = await plansWith('drop index captcha_solutions_expires_idx');
    expect(findings.map((f) => [f.route, f.table])).toContainEqual([
      'sign-in',
      'captcha_solutions',
    ]);
  });
});
