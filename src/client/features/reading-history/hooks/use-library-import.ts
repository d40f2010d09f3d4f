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
import { isTooLargeToSend, prepareImport } from '../api/import-request';
import { invalidImportRows, sendImport } from '../api/imports-api';
import { readingHistoryTexts as texts } from '../texts';

export type ImportRun =
  | { status: 'idle' }
  | { status: 'reading' }
  /** Not sent: the file could not be read, or is over the server's limits. */
  | { status: 'refused'; message: string }
  | { status: 'uploading'; percent: number }
  /** Sent: the server is checking and storing it. `rowCount` is null for text that is not CSV. */
  | { status: 'importing'; rowCount: number | null }
  | { status: 'done'; result: ImportResponse }
  /** Malformed rows: the server imported nothing. */
  | { status: 'invalid'; message: string; rows: ImportRowMessage[] }
  | { status: 'failed'; message: string };

export function isImportBusy(run: ImportRun): boolean {
  return run.status === 'reading' || run.status === 'uploading' || run.status === 'importing';
}

/**
 * Imports a library export (issue 5) in one request: the file is read in the browser, checked
 * against the server's limits, uploaded with its progress shown, and imported by the server in
 * one transaction, so a malformed row anywhere means nothing is imported and every faulty row
 * is listed.
 */
export function useLibraryImport() {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<ImportRun>({ status: 'idle' });
  const busyRef = useRef(false);

  const start = useCallback(
    async (file: File, format: ImportFormat | undefined) => {
      if (busyRef.current) return;
      busyRef.current = true;
      // The profile's finished books, want-to-read list and stats may all have changed.
      const refreshProfile = () =>
        void queryClient.invalidateQueries({ queryKey: OWN_PROFILE_KEY });
      try {
        if (isTooLargeToSend(file)) {
          setRun({ status: 'refused', message: texts.tooLarge });
          return;
        }
        setRun({ status: 'reading' });
        let text: string;
        try {
          text = await file.text();
        } catch {
          setRun({ status: 'refused', message: texts.unreadable });
          return;
        }
        const prepared = prepareImport(text, format);
        if (prepared.kind === 'tooLarge') {
          setRun({ status: 'refused', message: texts.tooLarge });
          return;
        }
        if (prepared.kind === 'tooManyRows') {
          setRun({ status: 'refused', message: texts.tooManyRows(prepared.rowCount) });
          return;
        }

        setRun({ status: 'uploading', percent: 0 });
        try {
          const result = await sendImport(prepared.json, {
            onUploadProgress: (fraction) => {
              const percent = Math.floor(fraction * 100);
              // The same object when nothing shows a change: React skips the render.
              setRun((current) =>
                current.status === 'uploading' && current.percent !== percent
                  ? { status: 'uploading', percent }
                  : current,
              );
            },
            onUploaded: () => setRun({ status: 'importing', rowCount: prepared.rowCount }),
          });
          setRun({ status: 'done', result });
          refreshProfile();
        } catch (error) {
          const apiError =
            error instanceof ApiError
              ? error
              : new ApiError(0, 'NETWORK_ERROR', messages.generic.serverError);
          const rows = invalidImportRows(apiError);
          if (rows) {
            setRun({ status: 'invalid', message: apiError.message, rows });
            return;
          }
          setRun({ status: 'failed', message: apiError.message });
          // Unreached, or failed on the server's side: whether it imported is not known.
          if (apiError.isServerFailure) refreshProfile();
        }
      } finally {
        busyRef.current = false;
      }
    },
    [queryClient],
  );

  const reset = useCallback(() => {
    if (!busyRef.current) setRun({ status: 'idle' });
  }, []);

  return { run, start, reset };
}
