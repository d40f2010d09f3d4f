import { CsvSyntaxError, formatCsv, parseCsv } from '../../../../lib/csv';

/**
 * Data rows per request. A Goodreads export of 500 books with reviews is a few hundred KB,
 * far under the server's 5 MB, and each request stays a short transaction.
 */
export const IMPORT_CHUNK_ROWS = 500;

/** One request of an import: the header row and a run of the file's data rows. */
export interface ImportChunk {
  csv: string;
  /** Data rows of the file before this chunk (the server's `rowOffset`). */
  rowOffset: number;
  /** The chunk's data rows as the file counts them, the header being row 1. */
  firstRow: number;
  lastRow: number;
  rowCount: number;
}

export interface ImportPlan {
  /** Data rows in the file (blank lines included: the server counts and skips them). */
  totalRows: number;
  chunks: ImportChunk[];
}

function wholeFile(text: string, rowCount: number): ImportPlan {
  return {
    totalRows: rowCount,
    chunks: [{ csv: text, rowOffset: 0, firstRow: 2, lastRow: rowCount + 1, rowCount }],
  };
}

/**
 * Splits an export into requests of at most `chunkRows` data rows, each starting with the
 * header row, as the server's `rowOffset` expects; rows numbers it reports are then the
 * file's own. A small file, or one that is not valid CSV, goes whole and unchanged: the
 * server reports what is wrong with it, row by row.
 */
export function planImport(text: string, chunkRows = IMPORT_CHUNK_ROWS): ImportPlan {
  let records: string[][];
  try {
    records = parseCsv(text);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    const lines = text.split(/\r\n|\n|\r/).filter((line) => line !== '').length;
    return wholeFile(text, Math.max(0, lines - 1));
  }
  const [header, ...rows] = records;
  if (!header || rows.length <= chunkRows) return wholeFile(text, rows.length);

  const chunks: ImportChunk[] = [];
  for (let start = 0; start < rows.length; start += chunkRows) {
    const slice = rows.slice(start, start + chunkRows);
    chunks.push({
      csv: formatCsv([header, ...slice]),
      rowOffset: start,
      firstRow: start + 2,
      lastRow: start + slice.length + 1,
      rowCount: slice.length,
    });
  }
  return { totalRows: rows.length, chunks };
}
