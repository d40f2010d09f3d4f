import type { InsertResult } from 'kysely';

/** `items` in runs of at most `size`, in order. */
export function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

/**
 * Writes `rows` through `insert` (an upsert-ignore) at most `size` rows a statement, so a big
 * batch stays under SQLite's and PostgreSQL's bound-parameter limits; returns how many were new.
 */
export async function insertInChunks<T>(
  rows: readonly T[],
  size: number,
  insert: (chunk: T[]) => Promise<InsertResult>,
): Promise<number> {
  let inserted = 0;
  for (const chunk of chunksOf(rows, size)) {
    const result = await insert(chunk);
    inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return inserted;
}
