import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { messages } from '../../../../lib/messages';
import type { SeasonStatsResponse } from '../../../../lib/schemas/season';
import { ChartFigure as Figure, UplotChart } from '../../../components/chart-figure';
import { Spinner } from '../../../components/spinner';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { ApiError } from '../../../services/api-client';
import { seasonImageOf, seasonQueryOptions } from '../api/season-api';
import '../../dashboard/components/dashboard.css';
import './season.css';

const t = messages.seasonStats;
const BAR = '#4f7a5a';
const HARDEST = '#b5532a';
const EASIEST = '#3b5f8a';

function SeasonError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const known = error instanceof ApiError && [403, 404].includes(error.status);
  return (
    <div className="page-problem" role="alert">
      <p>{known ? error.message : t.loadFailed}</p>
      {known ? null : (
        <button type="button" className="button" onClick={onRetry}>
          {t.retry}
        </button>
      )}
    </div>
  );
}

/** The shared chart figure with the season page's texts. */
function ChartFigure(props: Omit<Parameters<typeof Figure>[0], 'showTable' | 'loading'>) {
  return <Figure {...props} showTable={t.showTable} loading={messages.dashboard.chartLoading} />;
}

function Headlines({ data }: { data: SeasonStatsResponse }) {
  const tiles: [string, string][] = [
    [t.participants, data.participants.toLocaleString('en-GB')],
    [t.readersWithLine, data.readersWithLine.toLocaleString('en-GB')],
    [t.fullCards, data.fullCards.toLocaleString('en-GB')],
    [t.distinctBooks, data.distinctBooks.toLocaleString('en-GB')],
    [t.averageSquares, t.average(data.averageSquares)],
  ];
  return (
    <section aria-labelledby="season-headlines-title">
      <h2 id="season-headlines-title" className="visually-hidden">
        {t.headlines}
      </h2>
      <dl className="stats dashboard-stats">
        {tiles.map(([label, value]) => (
          <div key={label} className="stats__item">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function SquaresChart({ data }: { data: SeasonStatsResponse }) {
  const hardest = new Set(data.hardest);
  const easiest = new Set(data.easiest);
  const pick = (keep: (p: number) => boolean) =>
    data.squares.map((s) => (keep(s.position) ? s.readers : null));
  return (
    <ChartFigure
      id="season-squares"
      title={t.squaresTitle}
      caption={t.squaresCaption}
      chart={
        <UplotChart
          kind="bars"
          x={data.squares.map((_, i) => i)}
          xLabels={data.squares.map((s) => String(s.position + 1))}
          series={[
            {
              label: t.columnReaders,
              values: pick((p) => !hardest.has(p) && !easiest.has(p)),
              colour: BAR,
            },
            { label: t.hardestTitle, values: pick((p) => hardest.has(p)), colour: HARDEST },
            { label: t.easiestTitle, values: pick((p) => easiest.has(p)), colour: EASIEST },
          ]}
        />
      }
      table={
        <table>
          <caption>{t.squaresTitle}</caption>
          <thead>
            <tr>
              <th scope="col">{t.columnSquare}</th>
              <th scope="col">{t.columnReaders}</th>
            </tr>
          </thead>
          <tbody>
            {data.squares.map((s) => (
              <tr key={s.position}>
                <th scope="row" title={s.challenge}>
                  {t.squareName(s.position, s.label)}
                </th>
                <td>{s.readers}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

function SquareList({
  data,
  positions,
  title,
  id,
}: {
  data: SeasonStatsResponse;
  positions: number[];
  title: string;
  id: string;
}) {
  const squares = data.squares.filter((s) => positions.includes(s.position));
  return (
    <section aria-labelledby={id} className="season-squares">
      <h2 id={id}>{title}</h2>
      <ul>
        {squares.map((s) => (
          <li key={s.position}>
            {t.squareName(s.position, s.label)}: {s.readers} {t.columnReaders.toLowerCase()}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Longest author's name under a bar; longer ones are cut (the table below has them whole). */
const BAR_LABEL_MAX = 14;
export const barLabel = (name: string) =>
  name.length <= BAR_LABEL_MAX ? name : `${name.slice(0, BAR_LABEL_MAX - 1).trimEnd()}…`;

function AuthorsChart({ data }: { data: SeasonStatsResponse }) {
  if (data.authors.length === 0) {
    return (
      <section aria-labelledby="season-authors-title">
        <h2 id="season-authors-title">{t.authorsTitle}</h2>
        <p className="empty">{t.noAuthors}</p>
      </section>
    );
  }
  return (
    <ChartFigure
      id="season-authors"
      title={t.authorsTitle}
      caption={t.authorsCaption}
      chart={
        <UplotChart
          kind="bars"
          x={data.authors.map((_, i) => i)}
          xLabels={data.authors.map((a) => barLabel(a.name))}
          series={[
            { label: t.columnBooks, values: data.authors.map((a) => a.placements), colour: BAR },
          ]}
        />
      }
      table={
        <table>
          <caption>{t.authorsTitle}</caption>
          <thead>
            <tr>
              <th scope="col">{t.columnAuthor}</th>
              <th scope="col">{t.columnBooks}</th>
            </tr>
          </thead>
          <tbody>
            {data.authors.map((a, i) => (
              <tr key={a.name}>
                <th scope="row">
                  {i + 1}. {a.name}
                </th>
                <td>{a.placements}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

function BooksPerSquare({ data }: { data: SeasonStatsResponse }) {
  return (
    <section aria-labelledby="season-books-title" className="season-books">
      <h2 id="season-books-title">{t.booksTitle}</h2>
      <p className="dashboard-chart__caption">{t.booksHint}</p>
      <ol className="season-books__squares">
        {data.squares.map((s) => (
          <li key={s.position}>
            <h3>{t.squareName(s.position, s.label)}</h3>
            {s.books.length === 0 ? (
              <p className="empty">{t.noBooks}</p>
            ) : (
              <ol>
                {s.books.map((b) => (
                  <li key={b.isbn}>
                    <span className="season-books__title">{b.title}</span>{' '}
                    <span className="season-books__authors">{t.byAuthors(b.authors)}</span>,{' '}
                    {t.usedBy(b.readers)}
                  </li>
                ))}
              </ol>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function ShareImage({ data }: { data: SeasonStatsResponse }) {
  const alt = t.imageAlt(
    data.grid.title,
    data.participants,
    data.readersWithLine,
    data.fullCards,
    data.distinctBooks,
  );
  return (
    <section aria-labelledby="season-image-title" className="season-image">
      <h2 id="season-image-title">{t.shareImage}</h2>
      <p className="dashboard-chart__caption">{t.shareImageHint}</p>
      <img
        src={seasonImageOf(data.grid.id, 'svg')}
        alt={alt}
        width={1200}
        height={630}
        loading="lazy"
      />
      <p className="season-image__links">
        <a href={seasonImageOf(data.grid.id, 'svg')}>{t.openSvg}</a>
        <a href={seasonImageOf(data.grid.id, 'png')}>{t.openPng}</a>
      </p>
    </section>
  );
}

function Season({ gridId }: { gridId: string }) {
  const season = useQuery(seasonQueryOptions(gridId));
  useDocumentTitle(season.data ? t.title(season.data.grid.title) : t.openSeason);
  if (season.isPending) return <Spinner label={t.loading} showLabel />;
  if (season.isError) {
    return <SeasonError error={season.error} onRetry={() => void season.refetch()} />;
  }
  const data = season.data;
  return (
    <>
      <h1>{t.title(data.grid.title)}</h1>
      {data.grid.club ? <p className="dashboard-club">{data.grid.club.name}</p> : null}
      <p className="season-status">{data.grid.isCurrent ? t.live : t.frozen}</p>
      <p>
        <Link to="/bingo">{t.back}</Link>
      </p>
      {data.participants === 0 ? (
        <p className="empty">{t.empty}</p>
      ) : (
        <>
          <Headlines data={data} />
          <SquaresChart data={data} />
          <SquareList
            data={data}
            positions={data.hardest}
            title={t.hardestTitle}
            id="season-hardest"
          />
          <SquareList
            data={data}
            positions={data.easiest}
            title={t.easiestTitle}
            id="season-easiest"
          />
          <BooksPerSquare data={data} />
          <AuthorsChart data={data} />
          <ShareImage data={data} />
        </>
      )}
    </>
  );
}

/**
 * Issue 25: a card's season statistics, for every registered reader of the shared card and a
 * club card's members (the server decides; others read its refusal). Live while the card runs,
 * frozen once it ends. Each chart has its figures in a table beside it.
 */
export function SeasonPage() {
  const { gridId } = useParams();
  return (
    <div className="page dashboard season">
      {gridId ? <Season gridId={gridId} /> : <p className="empty">{t.notFound}</p>}
    </div>
  );
}
