import { useEffect, useRef, useState } from 'react';
import { POINTS_ANIMATION_MS } from '../../../../lib/limits';
import { usePrefersReducedMotion } from '../../../hooks/use-media-query';

/** Fast at first, gentle at the end: the counter settles on its number. */
function easeOutCubic(progress: number): number {
  return 1 - (1 - progress) ** 3;
}

/**
 * A number that counts from its old value to `target` over `durationMs` (SPEC.md section 9:
 * the points animation takes 500 ms). With reduced motion it jumps straight to the target.
 */
export function useAnimatedNumber(target: number, durationMs = POINTS_ANIMATION_MS): number {
  const reduceMotion = usePrefersReducedMotion();
  const [shown, setShown] = useState(target);
  // The value on screen when a new target arrives: the next count starts from there.
  const shownRef = useRef(target);

  useEffect(() => {
    const from = shownRef.current;
    if (reduceMotion || from === target) {
      shownRef.current = target;
      return;
    }
    let frame = 0;
    let start: number | null = null;
    const step = (time: number) => {
      start ??= time;
      const progress = Math.min(1, (time - start) / durationMs);
      const value = Math.round(from + (target - from) * easeOutCubic(progress));
      shownRef.current = value;
      setShown(value);
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target, durationMs, reduceMotion]);

  return reduceMotion ? target : shown;
}
