import { useId } from 'react';
import { messages } from '../../../../lib/messages';
import type { ImportResponse, ImportRowMessage } from '../../../../lib/schemas/imports';
import type { ImportRun } from '../hooks/use-library-import';
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
function ImportSummary({ result }: { result: ImportResponse }) {
  const facts: [string, number][] = [
    [texts.finished, result.imported.finished],
    [texts.wantToRead, result.imported.wantToRead],
    [texts.booksAdded, result.imported.booksAdded],
    [texts.unchanged, result.unchanged],
    [texts.skipped, result.skipped.length],
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
      {result.skipped.length > 0 ? (
        <details className="import-summary__skipped">
          <summary>{texts.skippedHeading(result.skipped.length)}</summary>
          <RowList label={texts.skipped} rows={result.skipped} />
        </details>
      ) : null}
    </div>
  );
}

/** A stage of the import: with a percentage while uploading, indeterminate while the server works. */
function ImportProgress({ label, percent }: { label: string; percent?: number }) {
  const labelId = useId();
  return (
    <div className="import-progress">
      <p id={labelId} role="status">
        {label}
      </p>
      {percent === undefined ? (
        <progress aria-labelledby={labelId} />
      ) : (
        <progress aria-labelledby={labelId} value={percent} max={100} />
      )}
    </div>
  );
}

/** The import's progress while it runs, then its summary, or why nothing was imported. */
export function ImportResult({ run }: { run: ImportRun }) {
  switch (run.status) {
    case 'idle':
      return null;
    case 'reading':
      return <p role="status">{texts.reading}</p>;
    case 'refused':
      return (
        <p className="form-message form-message--error" role="alert">
          {run.message}
        </p>
      );
    case 'uploading':
      return <ImportProgress label={texts.uploading(run.percent)} percent={run.percent} />;
    case 'importing':
      return <ImportProgress label={texts.importing(run.rowCount)} />;
    case 'done':
      return (
        <div className="import-result">
          <p className="form-message form-message--success" role="status">
            {messages.imports.done(run.result.imported.finished, run.result.imported.wantToRead)}
          </p>
          <ImportSummary result={run.result} />
        </div>
      );
    case 'invalid': {
      const heading = texts.problemsHeading(run.rows.length);
      return (
        <div className="import-result">
          {/* The server's own words: 'Nothing was imported: please fix the rows listed...' */}
          <p className="form-message form-message--error" role="alert">
            {run.message}
          </p>
          <h4 className="import-summary__heading">{heading}</h4>
          <RowList label={heading} rows={run.rows} />
        </div>
      );
    }
    case 'failed':
      return (
        <div className="form-message form-message--error import-failed" role="alert">
          <p>{run.message}</p>
          <p>{texts.tryAgain}</p>
        </div>
      );
  }
}
