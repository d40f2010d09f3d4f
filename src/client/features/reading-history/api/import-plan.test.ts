import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../../lib/csv';
import { goodreadsCsv } from '../testing/reading-history-harness';
import { planImport } from './import-plan';

describe('planImport', () => {
  it('sends a small file whole and unchanged', () => {
    const text = goodreadsCsv(3);
    const plan = planImport(text, 5);
    expect(plan.totalRows).toBe(3);
    expect(plan.chunks).toEqual([
      { csv: text, rowOffset: 0, firstRow: 2, lastRow: 4, rowCount: 3 },
    ]);
  });

  it('splits a big file into chunks that each start with the header row', () => {
    const text = goodreadsCsv(12);
    const [header, ...rows] = parseCsv(text);
    const plan = planImport(text, 5);

    expect(plan.totalRows).toBe(12);
    expect(
      plan.chunks.map(({ rowOffset, firstRow, lastRow, rowCount }) => [
        rowOffset,
        firstRow,
        lastRow,
        rowCount,
      ]),
    ).toEqual([
      [0, 2, 6, 5],
      [5, 7, 11, 5],
      [10, 12, 13, 2],
    ]);
    // A quoted field with a comma and a line break survives the split.
    const chunks = plan.chunks.map((chunk) => parseCsv(chunk.csv));
    expect(chunks.every((records) => records[0]?.join() === header?.join())).toBe(true);
    expect(chunks.flatMap((records) => records.slice(1))).toEqual(rows);
    expect(chunks[0]?.[1]?.[19]).toBe('Prickly, and\nlovely');
  });

  it('sends a file that is not valid CSV whole, for the server to report', () => {
    const text = `${goodreadsCsv(7)}8,"Unclosed\n`;
    const plan = planImport(text, 5);
    expect(plan.chunks).toHaveLength(1);
    expect(plan.chunks[0]?.csv).toBe(text);
  });
});
