import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../../lib/messages';
import { READING_YEAR_MAX, READING_YEAR_MIN } from '../../../../lib/limits';
import type {
  OwnReadingYearResponse,
  ReadingYear,
  ReadingYearBook,
} from '../../../../lib/schemas/reading-year';
import { LoadError } from '../../../components/load-error';
import { Spinner } from '../../../components/spinner';
import { ownReadingYearQueryOptions, userReadingYearQueryOptions } from '../api/reading-year-api';
import { MonthChart, RatingsChart } from './reading-year-charts';
import '../reading-year.css';

const t = messages.readingYear;

/** A year from the address (/profile/stats/2026), or undefined for the current one. */
export function parseYearParam(value: string | undefined): number | undefined {
  if (!value || !/^\d{4}$/.test(value)) return undefined;
  const year = Number(value);
  return year >= READING_YEAR_MIN && year <= READING_YEAR_MAX ? year : undefined;
}

/** The years with data as links, the shown one marked as the current page. */
function YearLinks({
  reading,
  hrefOf,
}: {
  reading: ReadingYear;
  hrefOf: (year: number) => string;
}) {
  return (
    <nav aria-label={t.years} className="reading-year__years">
      <ul>
        {reading.years.map((year) => (
          <li key={year}>
            <Link
              to={hrefOf(year)}
              aria-current={year === reading.year ? 'page' : undefined}
              className="reading-year__year"
            >
              {t.yearLink(year)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function BookFact({ book, detail }: { book: ReadingYearBook | null; detail: string | null }) {
  if (!book) return null;
  return (
    <>
      <Link to={`/book/${encodeURIComponent(book.isbn)}`}>
        {t.bookLine(book.title, book.author)}
      </Link>
      {detail ? <span className="reading-year__detail"> ({detail})</span> : null}
    </>
  );
}

/** Most read first: "Fantasy, 3 books". */
function CountList({
  title,
  rows,
  empty,
}: {
  title: string;
  rows: { name: string; books: number }[];
  empty: string;
}) {
  const id = useId();
  return (
    <section className="reading-year__list" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {rows.length === 0 ? (
        <p className="empty">{empty}</p>
      ) : (
        <ol>
          {rows.map((row) => (
            <li key={row.name}>
              <span>{row.name}</span>{' '}
              <span className="reading-year__detail">{t.bookCount(row.books)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Cards({ reading }: { reading: ReadingYear }) {
  const id = useId();
  return (
    <section className="reading-year__list" aria-labelledby={id}>
      <h3 id={id}>{t.cardsTitle}</h3>
      {reading.cards.length === 0 ? (
        <p className="empty">{t.noCards}</p>
      ) : (
        <div className="reading-year__table">
          <table>
            <caption className="visually-hidden">{t.cardsTitle}</caption>
            <thead>
              <tr>
                <th scope="col">{t.columnCard}</th>
                <th scope="col">{t.columnSquares}</th>
                <th scope="col">{t.columnLines}</th>
              </tr>
            </thead>
            <tbody>
              {reading.cards.map((card) => (
                <tr key={card.gridId}>
                  <th scope="row">{card.title}</th>
                  <td>{card.squares}</td>
                  <td>{card.lines}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function ShareImage({ share, year }: { share: OwnReadingYearResponse['share']; year: number }) {
  const id = useId();
  return (
    <section className="reading-year__share" aria-labelledby={id}>
      <h3 id={id}>{t.shareTitle}</h3>
      <p>{t.shareHint}</p>
      <img src={share.svgUrl} alt={share.alt} width={1200} height={630} loading="lazy" />
      <p className="reading-year__share-links">
        <a
          className="button button--secondary"
          href={share.pngUrl}
          download={`reading-year-${year}.png`}
        >
          {t.downloadPng}
        </a>
      </p>
    </section>
  );
}

interface ReadingYearViewProps {
  reading: ReadingYear;
  heading: string;
  hrefOf: (year: number) => string;
  /** The reader's own year: its share image, and the hint for an empty year. */
  share?: OwnReadingYearResponse['share'];
}

/** A Year in Review (issue 25): the figures, charts with their tables, lists and cards. */
export function ReadingYearView({ reading, heading, hrefOf, share }: ReadingYearViewProps) {
  const headingId = useId();
  const isEmpty = reading.booksRead === 0 && reading.cards.length === 0;
  const figures: [string, string][] = [
    [t.booksRead, reading.booksRead.toLocaleString('en-GB')],
    [t.pagesRead, reading.pagesRead.toLocaleString('en-GB')],
    [t.newAuthors, String(reading.authors.new)],
    [t.returningAuthors, String(reading.authors.returning)],
    [
      t.averageRating,
      reading.averageRating === null ? t.noRating : t.ratingValue(reading.averageRating),
    ],
  ];
  return (
    <section className="reading-year" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <YearLinks reading={reading} hrefOf={hrefOf} />
      {isEmpty ? (
        <div className="reading-year__empty">
          <p className="empty">{t.empty(reading.year)}</p>
          {share ? <p>{t.emptyHint}</p> : null}
        </div>
      ) : (
        <>
          <dl className="stats reading-year__figures">
            {figures.map(([label, value]) => (
              <div className="stats__item" key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <p className="reading-year__caption">
            {t.authorsCaption}
            {reading.booksWithoutPages > 0 ? ` ${t.withoutPages(reading.booksWithoutPages)}` : ''}
          </p>
          <section className="reading-year__list" aria-labelledby={`${headingId}-highlights`}>
            <h3 id={`${headingId}-highlights`}>{t.highlightsTitle}</h3>
            <dl className="reading-year__highlights">
              <dt>{t.longestBook}</dt>
              <dd>
                {reading.longestBook ? (
                  <BookFact
                    book={reading.longestBook}
                    detail={t.pages(reading.longestBook.pages ?? 0)}
                  />
                ) : (
                  t.noLongest
                )}
              </dd>
              <dt>{t.bestRatedBook}</dt>
              <dd>
                {reading.bestRatedBook ? (
                  <BookFact
                    book={reading.bestRatedBook}
                    detail={t.stars(reading.bestRatedBook.rating ?? 0)}
                  />
                ) : (
                  t.noBest
                )}
              </dd>
            </dl>
          </section>
          <MonthChart reading={reading} measure="books" />
          <MonthChart reading={reading} measure="pages" />
          <RatingsChart reading={reading} />
          <div className="reading-year__columns">
            <CountList title={t.subjectsTitle} rows={reading.subjects} empty={t.noSubjects} />
            <CountList title={t.languagesTitle} rows={reading.languages} empty={t.noLanguages} />
          </div>
          <Cards reading={reading} />
          {share ? <ShareImage share={share} year={reading.year} /> : null}
        </>
      )}
    </section>
  );
}

/** The reader's own year in the Stats tab; the address names it (/profile/stats/2026). */
export function OwnReadingYear({ year }: { year: number | undefined }) {
  const query = useQuery(ownReadingYearQueryOptions(year));
  if (query.isPending) return <Spinner label={t.loading} showLabel />;
  if (query.isError) return <LoadError error={query.error} fallback={t.loadFailed} />;
  const { reading, share } = query.data;
  return (
    <ReadingYearView
      reading={reading}
      share={share}
      heading={t.heading(reading.year)}
      hrefOf={(y) => `/profile/stats/${y}`}
    />
  );
}

/** A friend's year, shown as their profile is (the server answers 'hidden' otherwise). */
export function FriendReadingYear(props: {
  userId: string;
  name: string;
  year: number | undefined;
}) {
  const query = useQuery(userReadingYearQueryOptions(props.userId, props.year));
  if (query.isPending) return <Spinner label={t.loading} showLabel />;
  if (query.isError) return <LoadError error={query.error} fallback={t.loadFailed} />;
  if (query.data.access === 'hidden') return null;
  const { reading } = query.data;
  return (
    <ReadingYearView
      reading={reading}
      heading={t.friendHeading(props.name, reading.year)}
      hrefOf={(y) => `/friend/${encodeURIComponent(props.userId)}/stats/${y}`}
    />
  );
}
