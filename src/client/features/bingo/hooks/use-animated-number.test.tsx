import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POINTS_ANIMATION_MS } from '../../../../lib/limits';
import { messages } from '../../../../lib/messages';
import { PointsCounter } from '../components/points-counter';
import { stubMediaQueries } from '../../../test-utils/media-queries';

function shownPoints(): string {
  return document.querySelector('.points-counter__value')?.textContent ?? '';
}

function stubReducedMotion(matches: boolean) {
  stubMediaQueries((query) => query === '(prefers-reduced-motion: reduce)' && matches);
}

describe('PointsCounter', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it(`counts up to the new total over ${POINTS_ANIMATION_MS} ms and ends on it`, () => {
    const { rerender } = render(<PointsCounter points={40} />);
    expect(shownPoints()).toBe(messages.bingo.pointsLabel(40));

    rerender(<PointsCounter points={90} />);
    // Screen readers get the final total at once; the number on screen is still counting.
    expect(screen.getByRole('status')).toHaveTextContent('Your points: 90');
    expect(shownPoints()).toBe(messages.bingo.pointsLabel(40));

    act(() => {
      vi.advanceTimersByTime(POINTS_ANIMATION_MS / 2);
    });
    const midway = Number.parseInt(shownPoints(), 10);
    expect(midway).toBeGreaterThan(40);
    expect(midway).toBeLessThan(90);

    act(() => {
      vi.advanceTimersByTime(POINTS_ANIMATION_MS);
    });
    expect(shownPoints()).toBe(messages.bingo.pointsLabel(90));
  });

  it('counts down too (a reset)', () => {
    const { rerender } = render(<PointsCounter points={90} />);
    rerender(<PointsCounter points={0} />);
    act(() => {
      vi.advanceTimersByTime(POINTS_ANIMATION_MS + 50);
    });
    expect(shownPoints()).toBe(messages.bingo.pointsLabel(0));
  });

  it('jumps straight to the new total for readers who prefer reduced motion', () => {
    stubReducedMotion(true);
    const { rerender } = render(<PointsCounter points={40} />);
    rerender(<PointsCounter points={90} />);
    expect(shownPoints()).toBe(messages.bingo.pointsLabel(90));
  });
});
