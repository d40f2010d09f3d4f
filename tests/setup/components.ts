/**
 * Setup for the 'components' Vitest project (jsdom + Testing Library).
 * - jest-dom matchers; DOM cleanup after every test.
 * - Any console.error during a test fails it (STYLE.md: an error in the console is a failure, not
 *   noise). A test that expects one (the crash fallback) silences it with
 *   vi.spyOn(console, 'error').mockImplementation(() => {}).
 * - The ALTCHA widget cannot run in jsdom (web workers, proof of work): its loader is replaced by a
 *   no-op, and tests drive the `<altcha-widget>` element by dispatching its `statechange` event.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

vi.mock('../../src/client/features/auth/components/load-altcha', () => ({
  loadAltcha: () => Promise.resolve(),
}));

// findBy*/waitFor wait as a person would: a lazy page is transformed on its first import, which
// takes seconds on a busy machine (Testing Library's default of 1 s made tests flaky there).
configure({ asyncUtilTimeout: 5000 });

// jsdom does not implement scrolling; the app's ScrollMemory calls it on navigation.
window.scrollTo = () => {};

// The files of the 'components' project share each worker's page (vitest.config.ts): each file
// starts with the empty storage it had on a page of its own. The offline copy and the placement
// queue live in localStorage under the reader's id, the same id in every file's fixtures.
localStorage.clear();
sessionStorage.clear();

const originalConsoleError = console.error;
let consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors = [];
  console.error = (...args: unknown[]) => {
    consoleErrors.push(args);
    originalConsoleError(...args);
  };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  console.error = originalConsoleError;
  if (consoleErrors.length > 0) {
    const first = consoleErrors[0]?.map((part) => String(part)).join(' ') ?? '';
    throw new Error(
      `console.error was called during the test (${consoleErrors.length}x): ${first}`,
    );
  }
});
