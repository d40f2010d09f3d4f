import { describe, expect, it } from 'vitest';
import { barAxisLabels } from './bar-axis-labels';

describe('the labels under a bar chart', () => {
  const authors = ['E. B. White', 'Anthony Doerr', 'Ursula K. Le Guin', 'Toni Morrison'];

  it('labels every bar in one line where they fit (1280 px)', () => {
    expect(barAxisLabels(authors, 1000)).toEqual({ lines: authors, step: 1 });
  });

  it('labels every one of four authors at 360 px, a name in two lines under its bar', () => {
    // The chart is 280 px wide there: 70 px, 7 characters, a bar.
    expect(barAxisLabels(authors, 280)).toEqual({
      lines: ['E. B.\nWhite', 'Anthony\nDoerr', 'Ursula\nK. Le…', 'Toni\nMorris…'],
      step: 1,
    });
  });

  it('labels every other bar when even two lines would run together (16 squares at 360 px)', () => {
    const squares = Array.from({ length: 16 }, (_, i) => `Square ${i + 1}`);
    const { lines, step } = barAxisLabels(squares, 280);
    expect(lines[0]).toBe('Square 1');
    expect(step).toBeGreaterThan(1);
  });
});
