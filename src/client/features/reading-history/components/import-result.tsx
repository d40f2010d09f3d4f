import { useId } from 'react';
import { messages } from '../../../../lib/messages';
import type { ImportRowMessage } from '../../../../lib/schemas/imports';
import type { ImportRun, ImportStop, ImportTotals } from '../hooks/use-library-import';
import { readingHistoryTexts as texts } from '../texts';

function RowList({ label, rows }: { label: string; rows: readonly ImportRowMessage[] }) {
  return (
    <ul className="import-rows" aria-label={label}>
      {rows.map((row, index) => (
        <li key={`${row.row}-${index}`}>{texts.row(row.row, row.message)}</li>
      ))}
    </ul>
  );
}

/** The counts of what was imported, and every row left out with its reason. */
function ImportSummary({ totals }: { totals: ImportTotals }) {
  const facts: [string, number][] = [
    [texts.finished, totals.finished],
    [texts.wantToRead, totals.wantToRead],
    [texts.booksAdded, totals.booksAdded],
    [texts.unchanged, totals.unchanged],
    [texts.skipped, totals.skipped.length],
  ];
  return (
    <div className="import-summary">
      <h4 className="import-summary__heading">{texts.summaryHeading}</h4>
      <dl className="import-summary__facts">
        {facts.map(([term, value]) => (
          <div className="import-summary__fact" key={term}>
            <dt>{term}</dt>
            <dd>{value.toLocaleString('en-US')}</dd>
          </div>
        ))}
      </dl>
      {totals.skipped.length > 0 ? (
        <details className="import-summary__skipped">
          <summary>{texts.skippedHeading(totals.skipped.length)}</summary>
          <RowList label={texts.skipped} rows={totals.skipped} />
        </details>
      ) : null}
    </div>
  );
}

function ImportProgress({ done, total }: { done: number; total: number }) {
  const labelId = useId();
  return (
    <div className="import-progress">
      <p id={labelId} role="status">
        {texts.progress(done, total)}
      </p>
      <progress aria-labelledby={labelId} value={done} max={Math.max(total, 1)} />
    </div>
  );
}

/**
 * Where a stopped import leaves the reader's library, row by row: what went in before the
 * stop, the refused request's rows (with their faults), and what was never sent.
 */
function StopReport({ stop, imported }: { stop: ImportStop; imported: boolean }) {
  const importedRows = imported ? <p>{texts.rowsImported(2, stop.firstRow - 1)}</p> : null;
  if (stop.kind === 'failed') {
    return (
      <div className="form-message form-message--error import-stop" role="alert">
        <p>{stop.message}</p>
        {importedRows ?? <p>{texts.nothingImported}</p>}
        <p>{texts.rowsNotImported(stop.firstRow, stop.fileLastRow)}</p>
      </div>
    );
  }
  return (
    <div className="form-message form-message--error import-stop" role="alert">
      {/* The server's 'Nothing was imported...' speaks of its request: true of the whole file
          only when no earlier chunk went in. */}
      {importedRows ?? <p>{stop.message}</p>}
      {imported ? <p>{texts.rowsRefused(stop.firstRow, stop.lastRow)}</p> : null}
      {stop.isLastChunk ? null : <p>{texts.rowsUnchecked(stop.lastRow + 1, stop.fileLastRow)}</p>}
      {imported ? <p>{texts.fixAndRetry}</p> : null}
      <RowList label={texts.problemsHeading} rows={stop.rows} />
    </div>
  );
}

interface ImportResultProps {
  run: ImportRun;
  onResume: () => void;
}

/** The import's progress while it runs, then its summary, or where and why it stopped. */
export function ImportResult({ run, onResume }: ImportResultProps) {
  switch (run.status) {
    case 'idle':
      return null;
    case 'reading':
      return <p role="status">{texts.reading}</p>;
    case 'unreadable':
      return (
        <p className="form-message form-message--error" role="alert">
          {texts.unreadable}
        </p>
      );
    case 'importing':
      return <ImportProgress done={run.doneRows} total={run.totalRows} />;
    case 'done':
      return (
        <div className="import-result">
          <p className="form-message form-message--success" role="status">
            {messages.imports.done(run.totals.finished, run.totals.wantToRead)}
          </p>
          <ImportSummary totals={run.totals} />
        </div>
      );
    case 'stopped': {
      const imported = run.doneRows > 0;
      return (
        <div className="import-result">
          <ImportProgress done={run.doneRows} total={run.totalRows} />
          <StopReport stop={run.stop} imported={imported} />
          {run.stop.kind === 'failed' ? (
            <button type="button" className="button button--secondary" onClick={onResume}>
              {texts.resume}
            </button>
          ) : null}
          {imported ? <ImportSummary totals={run.totals} /> : null}
        </div>
      );
    }
  }
}
