import { useMemo } from 'react';
import { messages } from '../../../../lib/messages';
import type { ReadingYear } from '../../../../lib/schemas/reading-year';
import { ChartFigure as Figure, UplotChart } from '../../../components/chart-figure';

const t = messages.readingYear;
const BOOKS = '#4f7a5a';
const PAGES = '#3b5f8a';
const STARS = '#b5832a';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const YEAR_CLASSES = {
  section: 'reading-year__chart',
  caption: 'reading-year__caption',
  data: 'reading-year__data',
};

/** The shared chart figure with the reading year's texts, an h3 in its section. */
function ChartFigure(
  props: Omit<Parameters<typeof Figure>[0], 'showTable' | 'loading' | 'level' | 'classes'>,
) {
  return (
    <Figure
      {...props}
      showTable={t.showTable}
      loading={t.chartLoading}
      level={3}
      classes={YEAR_CLASSES}
    />
  );
}

const monthIndexes = MONTHS.map((_, i) => i);

/** Books or pages finished each month, as bars. */
export function MonthChart({
  reading,
  measure,
}: {
  reading: ReadingYear;
  measure: 'books' | 'pages';
}) {
  const isBooks = measure === 'books';
  const title = isBooks ? t.booksChartTitle : t.pagesChartTitle;
  const column = isBooks ? t.columnBooks : t.columnPages;
  // The chart draws again when its series change: the same array while the data is the same.
  const series = useMemo(
    () => [
      {
        label: column,
        values: reading.months.map((m) => m[measure]),
        colour: isBooks ? BOOKS : PAGES,
      },
    ],
    [reading, measure, column, isBooks],
  );
  return (
    <ChartFigure
      id={`reading-year-${measure}`}
      title={title}
      caption={isBooks ? t.booksChartCaption : t.pagesChartCaption}
      chart={<UplotChart kind="bars" x={monthIndexes} xLabels={MONTHS} series={series} />}
      table={
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t.columnMonth}</th>
              <th scope="col">{column}</th>
            </tr>
          </thead>
          <tbody>
            {reading.months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{MONTH_NAMES[m.month - 1]}</th>
                <td>{m[measure]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

const starIndexes = [0, 1, 2, 3, 4];
const starLabels = ['1', '2', '3', '4', '5'];

/** How many books got each number of stars. */
export function RatingsChart({ reading }: { reading: ReadingYear }) {
  const series = useMemo(
    () => [{ label: t.columnBooks, values: reading.ratings.map((r) => r.books), colour: STARS }],
    [reading],
  );
  return (
    <ChartFigure
      id="reading-year-ratings"
      title={t.ratingsChartTitle}
      caption={t.ratingsChartCaption}
      chart={<UplotChart kind="bars" x={starIndexes} xLabels={starLabels} series={series} />}
      table={
        <table>
          <caption>{t.ratingsChartTitle}</caption>
          <thead>
            <tr>
              <th scope="col">{t.columnStars}</th>
              <th scope="col">{t.columnBooks}</th>
            </tr>
          </thead>
          <tbody>
            {reading.ratings.map((r) => (
              <tr key={r.stars}>
                <th scope="row">{t.stars(r.stars)}</th>
                <td>{r.books}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
