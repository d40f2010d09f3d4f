import { act, screen } from '@testing-library/react';
import { notifyInfo } from '../app/notify';

let markers = 0;

/**
 * Waits until every toast raised so far is on screen, and returns the text of the marker toast it
 * raised to know (the marker stays on screen like any toast). A toast shows a moment after it is
 * raised (react-toastify loads on first use), and toasts show in the order they were raised: once
 * the marker is there, so is every toast raised before it. Only then does a check that some toast
 * is NOT on screen prove anything.
 */
export async function settleToasts(): Promise<string> {
  markers += 1;
  const marker = `Every toast raised so far is shown (${markers})`;
  act(() => notifyInfo(marker));
  await screen.findByText(marker);
  return marker;
}
