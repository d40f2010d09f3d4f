import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { directSqliteOf, type DatabaseKind } from './database';
import type { Database } from './schema';

/** What a compiled-once query takes: named values that always travel as parameters. */
export type CompiledArguments = Record<string, string | number | null>;

/** Stands in for an argument while the query is built; never a value a caller could pass. */
const placeholder = (name: string) => `\u0000compiled-once argument ${name}\u0000`;

interface Compiled<A, R> {
  query: CompiledQuery<R>;
  /** For each of the query's parameters, the argument it takes, or null for a constant. */
  slots: (keyof A | null)[];
}

/**
 * A hot query whose SQL never changes, only its arguments (issue 10): Kysely builds and
 * compiles it once per dialect (building was a third of a card read's time in the load
 * profile), then each call runs the same SQL with its own arguments on the caller's executor,
 * a transaction included. The arguments are named and found among the compiled parameters by
 * stand-in strings, so their order in the SQL does not matter; every other parameter stays as
 * built. `build` must use its arguments only as values, never branch on them: it sees the
 * stand-ins.
 */
export function compiledOnce<A extends CompiledArguments, R>(
  build: (db: Kysely<Database>, args: A) => Compilable<R>,
) {
  const byKind = new Map<DatabaseKind, Compiled<A, R>>();
  return async (db: Kysely<Database>, kind: DatabaseKind, args: A): Promise<R[]> => {
    let compiled = byKind.get(kind);
    if (!compiled) {
      const names = Object.keys(args) as (keyof A & string)[];
      const stand = Object.fromEntries(names.map((name) => [name, placeholder(name)]));
      const query = build(db, stand as A).compile();
      const slots = query.parameters.map((p) => names.find((name) => stand[name] === p) ?? null);
      for (const name of names) {
        if (!slots.includes(name)) throw new Error(`compiledOnce: ${name} is not a parameter`);
      }
      compiled = { query, slots };
      byKind.set(kind, compiled);
    }
    const { query, slots } = compiled;
    const parameters = slots.map((name, i) => (name === null ? query.parameters[i] : args[name]));
    return runCompiled(db, query, parameters);
  };
}

/**
 * Runs a compiled query with these parameters on `db` (the database or a transaction): on
 * SQLite straight on the connection when that is safe (`DirectSqlite`), else through Kysely.
 */
export async function runCompiled<R>(
  db: Kysely<Database>,
  query: CompiledQuery<R>,
  parameters: readonly unknown[],
): Promise<R[]> {
  const rows = directSqliteOf(db)?.run<R>(query.sql, parameters, db.isTransaction);
  return rows ?? (await db.executeQuery<R>({ ...query, parameters })).rows;
}
