import { act } from '@testing-library/react';

/**
 * Two clicks in the same instant: neither React nor TanStack Query gets to re-render the button
 * as busy between them, so only a synchronous guard can drop the second.
 */
export function clickTwiceAtOnce(element: HTMLElement) {
  act(() => {
    element.click();
    element.click();
  });
}
