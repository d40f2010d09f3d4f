import { useId, useState, type FormEvent } from 'react';
import type { ImportFormat } from '../../../../lib/schemas/imports';
import { HedgehogLogo } from '../../../components/hedgehog-logo';
import { isImportBusy, useLibraryImport } from '../hooks/use-library-import';
import { readingHistoryTexts as texts } from '../texts';
import { ImportResult } from './import-result';

type FormatChoice = ImportFormat | 'detect';

const FORMAT_OPTIONS: [FormatChoice, string][] = [
  ['goodreads', texts.formatGoodreads],
  ['storygraph', texts.formatStoryGraph],
  ['detect', texts.formatDetect],
];

function ImportForm() {
  const fileId = useId();
  const formatId = useId();
  const hintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<FormatChoice>('detect');
  const { run, start, reset } = useLibraryImport();
  const isBusy = isImportBusy(run);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file || isBusy) return;
    void start(file, format === 'detect' ? undefined : format);
  }

  return (
    <section className="reading-history__part" aria-labelledby={`${fileId}-heading`}>
      <h3 id={`${fileId}-heading`}>{texts.importHeading}</h3>
      <p className="field__hint" id={hintId}>
        {texts.importHint}
      </p>
      <form className="import-form" noValidate onSubmit={handleSubmit}>
        <div className="field">
          <label className="field__label" htmlFor={fileId}>
            {texts.fileLabel}
          </label>
          <input
            id={fileId}
            className="field__input import-form__file"
            type="file"
            accept=".csv,text/csv"
            aria-describedby={hintId}
            disabled={isBusy}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              reset();
            }}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={formatId}>
            {texts.formatLabel}
          </label>
          <select
            id={formatId}
            className="field__input"
            value={format}
            disabled={isBusy}
            onChange={(event) => setFormat(event.target.value as FormatChoice)}
          >
            {FORMAT_OPTIONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={!file || isBusy}>
            {texts.importButton}
          </button>
        </div>
      </form>
      <ImportResult run={run} />
    </section>
  );
}

function ExportLinks() {
  const headingId = useId();
  return (
    <section className="reading-history__part" aria-labelledby={headingId}>
      <h3 id={headingId}>{texts.exportHeading}</h3>
      <p className="field__hint">{texts.exportHint}</p>
      <div className="form__actions">
        {/* Same-origin downloads: the session cookie goes along, the server names the file. */}
        <a className="button button--secondary" href="/api/exports/me.json" download>
          {texts.exportJson}
        </a>
        <a className="button button--secondary" href="/api/exports/finished-books.csv" download>
          {texts.exportCsv}
        </a>
      </div>
    </section>
  );
}

/**
 * Reading history for the profile page (issue 5): import a Goodreads or StoryGraph library,
 * and download everything the reader owns (JSON) or their finished books (CSV).
 */
export function ReadingHistoryPanel() {
  const headingId = useId();
  return (
    <section className="panel reading-history" aria-labelledby={headingId}>
      <h2 id={headingId} className="reading-history__heading">
        <HedgehogLogo className="reading-history__logo" />
        {texts.heading}
      </h2>
      <p>{texts.intro}</p>
      <ImportForm />
      <ExportLinks />
    </section>
  );
}
