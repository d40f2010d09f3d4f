import { vi } from 'vitest';

/**
 * A stand-in for the browser's media queries (jsdom has none): each query answers `matches`.
 * The component tests' setup removes it after each test.
 */
export function stubMediaQueries(matches: (query: string) => boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}
