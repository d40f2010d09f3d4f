/**
 * A chart's height in CSS pixels, unless it says otherwise: uPlot draws at it, and the place a
 * chart holds while uPlot loads is as tall, so nothing below it moves when it arrives.
 */
export const CHART_HEIGHT = 220;
