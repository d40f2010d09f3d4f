import { act, render } from '@testing-library/react';
import {
  UNSAFE_createMemoryHistory as createMemoryHistory,
  unstable_HistoryRouter as HistoryRouter,
} from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScrollMemory } from './scroll-memory';

/** The window as jsdom cannot scroll it: scrollTo moves scrollY, and says so with a scroll event. */
function fakeWindowScroll() {
  let y = 0;
  vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => y);
  const scrollTo = vi.fn((_x: number, top: number) => {
    y = top;
    window.dispatchEvent(new Event('scroll'));
  });
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  const readerScrollsTo = async (top: number) => {
    y = top;
    window.dispatchEvent(new Event('scroll'));
    // Positions are noted on the next animation frame.
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  };
  return { scrollTo, readerScrollsTo, at: () => y };
}

describe('scroll memory (decision 022)', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    window.scrollTo = () => {};
  });

  it('starts a new page at its top, keeps a changed query where it is, and Back returns', async () => {
    const scroll = fakeWindowScroll();
    const history = createMemoryHistory({ initialEntries: ['/blog'], v5Compat: true });
    render(
      <HistoryRouter history={history}>
        <ScrollMemory />
      </HistoryRouter>,
    );

    await scroll.readerScrollsTo(600);
    act(() => {
      history.push('/blog?filter=friends');
    });
    expect(scroll.at()).toBe(600);

    act(() => {
      history.push('/profile');
    });
    expect(scroll.at()).toBe(0);
    await scroll.readerScrollsTo(150);

    act(() => {
      history.go(-1);
    });
    expect(scroll.at()).toBe(600);

    act(() => {
      history.go(1);
    });
    expect(scroll.at()).toBe(150);
    expect(window.history.scrollRestoration).toBe('manual');
  });

  it('keeps positions over a reload (sessionStorage, written when the page is hidden)', async () => {
    const scroll = fakeWindowScroll();
    const history = createMemoryHistory({ initialEntries: ['/blog'], v5Compat: true });
    const first = render(
      <HistoryRouter history={history}>
        <ScrollMemory />
      </HistoryRouter>,
    );
    await scroll.readerScrollsTo(420);
    window.dispatchEvent(new Event('pagehide'));
    first.unmount();
    await scroll.readerScrollsTo(0);

    // The same history entry (same key) after a reload: a POP, as the browser starts a page.
    render(
      <HistoryRouter history={history}>
        <ScrollMemory />
      </HistoryRouter>,
    );
    expect(scroll.at()).toBe(420);
  });
});
