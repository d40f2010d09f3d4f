import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { messages } from '../../../../lib/messages';
import type {
  ImportFormat,
  ImportResponse,
  ImportRowMessage,
} from '../../../../lib/schemas/imports';
import { ApiError } from '../../../services/api-client';
import { OWN_PROFILE_KEY } from '../../../services/query-keys';
import { planImport, type ImportPlan } from '../api/import-plan';
import { postImport } from '../api/imports-api';

/** What the requests so far have imported, added up over the chunks. */
export interface ImportTotals {
  finished: number;
  wantToRead: number;
  booksAdded: number;
  unchanged: number;
  skipped: ImportRowMessage[];
}

/** Why an import stopped before the end of the file. */
export interface ImportStop {
  /** 'invalid': rows at fault (fix the file); 'failed': the request itself failed (resume). */
  kind: 'invalid' | 'failed';
  message: string;
  rows: ImportRowMessage[];
  /** The refused request's rows, as the file counts them. */
  firstRow: number;
  lastRow: number;
  /** The file's last row. */
  fileLastRow: number;
  /** True when this was the last request: nothing after it was left unsent. */
  isLastChunk: boolean;
}

export type ImportRun =
  | { status: 'idle' }
  | { status: 'reading' }
  | { status: 'unreadable' }
  | { status: 'importing'; doneRows: number; totalRows: number; totals: ImportTotals }
  | { status: 'done'; totalRows: number; totals: ImportTotals }
  | {
      status: 'stopped';
      doneRows: number;
      totalRows: number;
      totals: ImportTotals;
      stop: ImportStop;
    };

const NO_TOTALS: ImportTotals = {
  finished: 0,
  wantToRead: 0,
  booksAdded: 0,
  unchanged: 0,
  skipped: [],
};

function addUp(totals: ImportTotals, result: ImportResponse): ImportTotals {
  return {
    finished: totals.finished + result.imported.finished,
    wantToRead: totals.wantToRead + result.imported.wantToRead,
    booksAdded: totals.booksAdded + result.imported.booksAdded,
    unchanged: totals.unchanged + result.unchanged,
    skipped: [...totals.skipped, ...result.skipped],
  };
}

/** Where a failed import may pick up again. */
interface Resume {
  plan: ImportPlan;
  index: number;
  format: ImportFormat | undefined;
  doneRows: number;
  totals: ImportTotals;
}

/**
 * Imports a library export (issue 5): the file is read in the browser and sent in chunks of
 * 500 rows, each its own transaction on the server, with progress after each. The first chunk
 * with faulty rows stops the import: the chunks before it are in, it and those after are not,
 * and the result says exactly which rows are which. A chunk that fails for another reason
 * (network, server, rate limit) can be sent again with the rest.
 */
export function useLibraryImport() {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<ImportRun>({ status: 'idle' });
  const resumeRef = useRef<Resume | null>(null);
  const busyRef = useRef(false);

  const sendFrom = useCallback(
    async ({
      plan,
      index: startIndex,
      format: startFormat,
      doneRows: startRows,
      totals: startTotals,
    }: Resume) => {
      let format = startFormat;
      let doneRows = startRows;
      let totals = startTotals;
      const { totalRows, chunks } = plan;
      const fileLastRow = totalRows + 1;
      setRun({ status: 'importing', doneRows, totalRows, totals });
      for (let index = startIndex; index < chunks.length; index += 1) {
        const chunk = chunks[index]!;
        const stopAt = (kind: ImportStop['kind'], message: string, rows: ImportRowMessage[]) =>
          setRun({
            status: 'stopped',
            doneRows,
            totalRows,
            totals,
            stop: {
              kind,
              message,
              rows,
              firstRow: chunk.firstRow,
              lastRow: chunk.lastRow,
              fileLastRow,
              isLastChunk: index === chunks.length - 1,
            },
          });
        let outcome;
        try {
          outcome = await postImport({
            csv: chunk.csv,
            rowOffset: chunk.rowOffset,
            ...(format ? { format } : {}),
          });
        } catch (error) {
          resumeRef.current = { plan, index, format, doneRows, totals };
          stopAt(
            'failed',
            error instanceof ApiError ? error.message : messages.generic.serverError,
            [],
          );
          return;
        }
        if (outcome.kind === 'invalid') {
          resumeRef.current = null;
          stopAt('invalid', outcome.message, outcome.rows);
          return;
        }
        totals = addUp(totals, outcome.result);
        // Later chunks keep the format the first one was read as, detected or chosen.
        format = outcome.result.format;
        doneRows += chunk.rowCount;
        setRun({ status: 'importing', doneRows, totalRows, totals });
      }
      resumeRef.current = null;
      setRun({ status: 'done', totalRows, totals });
    },
    [],
  );

  const withBusy = useCallback(
    async (work: () => Promise<void>) => {
      if (busyRef.current) return;
      busyRef.current = true;
      try {
        await work();
      } finally {
        busyRef.current = false;
        // The profile's finished books, want-to-read list and stats may all have changed.
        void queryClient.invalidateQueries({ queryKey: OWN_PROFILE_KEY });
      }
    },
    [queryClient],
  );

  const start = useCallback(
    (file: File, format: ImportFormat | undefined) =>
      withBusy(async () => {
        setRun({ status: 'reading' });
        let text: string;
        try {
          text = await file.text();
        } catch {
          setRun({ status: 'unreadable' });
          return;
        }
        const plan = planImport(text);
        await sendFrom({ plan, index: 0, format, doneRows: 0, totals: NO_TOTALS });
      }),
    [sendFrom, withBusy],
  );

  const resume = useCallback(
    () =>
      withBusy(async () => {
        const from = resumeRef.current;
        if (from) await sendFrom(from);
      }),
    [sendFrom, withBusy],
  );

  const reset = useCallback(() => {
    if (busyRef.current) return;
    resumeRef.current = null;
    setRun({ status: 'idle' });
  }, []);

  return { run, start, resume, reset };
}
