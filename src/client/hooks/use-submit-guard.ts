import { useCallback, useRef, useState } from 'react';

/**
 * One submit at a time, decided synchronously. A ref flips before anything is sent, so a second
 * click in the same instant is dropped even though React (and TanStack Query, which tells its
 * observers a tick later) has not yet re-rendered the button as busy. `pending` is for the UI.
 *
 * `run` never rejects: the task reports its own failure (a mutation's onError, a form message).
 */
export function useSubmitGuard() {
  const inFlight = useRef(false);
  const [pending, setPending] = useState(false);

  const run = useCallback((task: () => Promise<unknown>): Promise<void> => {
    if (inFlight.current) return Promise.resolve();
    inFlight.current = true;
    setPending(true);
    // The executor runs the task at once and turns a synchronous throw into a rejection.
    return new Promise<unknown>((resolve) => resolve(task()))
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        inFlight.current = false;
        setPending(false);
      });
  }, []);

  return { run, pending };
}
