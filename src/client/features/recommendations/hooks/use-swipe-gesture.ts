import { useRef, useState, type PointerEvent } from 'react';
import type { SwipeDirection } from '../../../../lib/schemas/recommendations';

/** How far a finger (or mouse) must drag the card sideways to swipe it. */
export const SWIPE_THRESHOLD_PX = 80;
/** A drag shorter than this is still a tap: the card's click opens its description. */
const TAP_SLOP_PX = 8;

interface DragStart {
  x: number;
  pointerId: number;
}

/**
 * Touch (and mouse) swiping with pointer events: the card follows a horizontal drag, and a
 * drag past the threshold swipes it (right likes, left dislikes); a shorter one springs back.
 * The card sets `touch-action: pan-y`, so vertical drags still scroll the page.
 */
export function useSwipeGesture(onSwipe: (direction: SwipeDirection) => void, disabled: boolean) {
  const start = useRef<DragStart | null>(null);
  const dragged = useRef(false);
  const [offset, setOffset] = useState(0);
  const [isDragging, setIsDragging] = useState(false);

  function end(event: PointerEvent<HTMLElement>, cancelled: boolean) {
    const from = start.current;
    if (!from || from.pointerId !== event.pointerId) return;
    start.current = null;
    setIsDragging(false);
    const dx = event.clientX - from.x;
    if (!cancelled && Math.abs(dx) >= SWIPE_THRESHOLD_PX) {
      // The card leaves from where the finger let go of it.
      onSwipe(dx > 0 ? 'like' : 'dislike');
      return;
    }
    setOffset(0);
  }

  return {
    offset,
    isDragging,
    handlers: {
      onPointerDown(event: PointerEvent<HTMLElement>) {
        if (disabled || (event.pointerType === 'mouse' && event.button !== 0)) return;
        start.current = { x: event.clientX, pointerId: event.pointerId };
        dragged.current = false;
        // jsdom and old browsers lack pointer capture; the drag then ends where it leaves.
        if (typeof event.currentTarget.setPointerCapture === 'function') {
          event.currentTarget.setPointerCapture(event.pointerId);
        }
      },
      onPointerMove(event: PointerEvent<HTMLElement>) {
        const from = start.current;
        if (!from || from.pointerId !== event.pointerId) return;
        const dx = event.clientX - from.x;
        if (Math.abs(dx) > TAP_SLOP_PX) {
          dragged.current = true;
          setIsDragging(true);
        }
        setOffset(dx);
      },
      onPointerUp(event: PointerEvent<HTMLElement>) {
        end(event, false);
      },
      onPointerCancel(event: PointerEvent<HTMLElement>) {
        end(event, true);
      },
    },
    /** True once after a drag: the click that ends it is not a tap. */
    consumeDrag(): boolean {
      const wasDragged = dragged.current;
      dragged.current = false;
      return wasDragged;
    },
  };
}
