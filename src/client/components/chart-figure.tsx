import { lazy, Suspense, type ReactNode } from 'react';
import { CHART_HEIGHT } from './chart-size';
import { Spinner } from './spinner';

/**
 * uPlot arrives with a page's first chart (decision 024): the pages' own chunks carry their
 * tables and headings, and uplot-chart.tsx (with uPlot and its CSS) is a chunk of its own.
 */
export const UplotChart = lazy(() =>
  import('./uplot-chart').then((m) => ({ default: m.UplotChart })),
);
export type { ChartSeries, UplotChartProps } from './uplot-chart';

/** The class names a page styles its figures with (the dashboard's unless told). */
export interface ChartFigureClasses {
  section: string;
  caption: string;
  data: string;
}

const DASHBOARD_CLASSES: ChartFigureClasses = {
  section: 'dashboard-chart',
  caption: 'dashboard-chart__caption',
  data: 'dashboard-chart__data',
};

/**
 * A chart with its title and caption, and the same figures as a table in a <details> beneath
 * it: the canvas is a picture for sighted readers (aria-hidden), the table carries the figures.
 * The section is named by its heading. Texts come from each page's messages.
 */
export function ChartFigure(props: {
  id: string;
  title: string;
  caption: string;
  chart: ReactNode;
  table: ReactNode;
  /** The summary that opens the table ("Show the figures as a table"). */
  showTable: string;
  /** The spinner's label while uPlot loads. */
  loading: string;
  /** h2 on a page of charts; h3 inside a page's own section. */
  level?: 2 | 3;
  classes?: ChartFigureClasses;
}) {
  const Heading = props.level === 3 ? 'h3' : 'h2';
  const classes = props.classes ?? DASHBOARD_CLASSES;
  return (
    <section className={classes.section} aria-labelledby={`${props.id}-title`}>
      <Heading id={`${props.id}-title`}>{props.title}</Heading>
      <p className={classes.caption}>{props.caption}</p>
      <Suspense
        fallback={
          // The chart's place is kept while uPlot loads: what is below it (the table's summary)
          // stays where a reader, or a tap, found it.
          <div style={{ minHeight: CHART_HEIGHT }}>
            <Spinner label={props.loading} />
          </div>
        }
      >
        {props.chart}
      </Suspense>
      <details className={classes.data}>
        <summary>{props.showTable}</summary>
        {props.table}
      </details>
    </section>
  );
}
