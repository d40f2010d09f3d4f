import { afterEach, vi } from 'vitest';

// A console.error during an API test is a failure, not noise (STYLE.md).
const originalError = console.error;
let errors: unknown[][] = [];
console.error = (...args: unknown[]) => {
  errors.push(args);
  originalError(...args);
};
afterEach(() => {
  const seen = errors;
  errors = [];
  vi.restoreAllMocks();
  if (seen.length > 0) throw new Error(`console.error was called: ${JSON.stringify(seen[0])}`);
});
