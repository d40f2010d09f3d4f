import { render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { describe, expect, it } from 'vitest';
import { ChartFigure } from './chart-figure';
import { CHART_HEIGHT } from './chart-size';

/** A chart whose code never arrives: the figure shows what it shows while uPlot loads. */
const Pending = lazy(() => new Promise<{ default: () => null }>(() => {}));

describe('ChartFigure', () => {
  it('keeps the chart’s height while uPlot loads, so the table’s summary does not move', () => {
    render(
      <ChartFigure
        id="books"
        title="Books per month"
        caption="Books finished each month."
        chart={<Pending />}
        table={<table aria-label="Books per month" />}
        showTable="Show the data as a table"
        loading="Loading the chart..."
      />,
    );
    const waiting = screen.getByRole('status');
    expect(waiting).toHaveTextContent('Loading the chart...');
    expect(waiting.parentElement).toHaveStyle({ minHeight: `${CHART_HEIGHT}px` });
    expect(screen.getByText('Show the data as a table')).toBeInTheDocument();
  });
});
