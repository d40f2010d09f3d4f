import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { DatabaseKind } from './database';
import type { Database } from './schema';

/** Stands in for argument i while the query is built; never a value a caller could pass. */
const placeholder = (i: number) => `\u0000compiled-once argument ${i}\u0000`;

interface Compiled<R> {
  query: CompiledQuery<R>;
  /** For each of the query's parameters, the argument it takes, or -1 for a constant. */
  slots: number[];
}

/** What a compiled-once query takes: values that always travel as parameters. */
export type CompiledArgument = string | number | null;

/**
 * A hot query whose SQL never changes, only its arguments (issue 10): Kysely builds and
 * compiles it once per dialect (building was a third of a card read's time in the load
 * profile), then each call runs the same SQL with its own arguments on the caller's executor,
 * a transaction included. The arguments are found among the compiled parameters by stand-in
 * strings, so their order in the SQL does not matter; every other parameter stays as built.
 * `build` must use its arguments only as values, never branch on them: it sees the stand-ins.
 */
export function compiledOnce<A extends CompiledArgument[], R>(
  build: (db: Kysely<Database>, ...args: A) => Compilable<R>,
) {
  const byKind = new Map<DatabaseKind, Compiled<R>>();
  return async (db: Kysely<Database>, kind: DatabaseKind, ...args: A): Promise<R[]> => {
    let compiled = byKind.get(kind);
    if (!compiled) {
      const stand = args.map((_, i) => placeholder(i));
      const query = build(db, ...(stand as A)).compile();
      const slots = query.parameters.map((p) => (typeof p === 'string' ? stand.indexOf(p) : -1));
      stand.forEach((_, i) => {
        if (!slots.includes(i)) throw new Error(`compiledOnce: argument ${i} is not a parameter`);
      });
      compiled = { query, slots };
      byKind.set(kind, compiled);
    }
    const { query, slots } = compiled;
    const parameters = slots.map((slot, i) => (slot === -1 ? query.parameters[i] : args[slot]));
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
}
