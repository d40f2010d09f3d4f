import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A module that arrives when the test says so. */
function deferredPart() {
  let arrive: () => void = () => {};
  let fail: (error: Error) => void = () => {};
  const load = vi.fn(
    () =>
      new Promise<(props: { name: string }) => React.ReactNode>((resolve, reject) => {
        arrive = () => resolve(({ name }) => <p>Hello {name}</p>);
        fail = reject;
      }),
  );
  return { load, arrive: () => arrive(), fail: (error: Error) => fail(error) };
}

// Every test gets its own copy of the module: the first-interaction listener is once per page.
async function freshLazyPart() {
  vi.resetModules();
  return (await import('./lazy-part')).lazyPart;
}

describe('lazyPart', () => {
  beforeEach(() => {
    vi.restoreAllMocks();
  });

  it('shows its fallback until the part has arrived, then the part', async () => {
    const lazyPart = await freshLazyPart();
    const part = deferredPart();
    const Greeting = lazyPart(part.load, <p>Wait...</p>);
    render(<Greeting name="Bramble" />);

    expect(screen.getByText('Wait...')).toBeInTheDocument();
    expect(part.load).toHaveBeenCalledTimes(1);
    part.arrive();
    expect(await screen.findByText('Hello Bramble')).toBeInTheDocument();
  });

  it('renders at once, keeping its state, once preloaded', async () => {
    const lazyPart = await freshLazyPart();
    const part = deferredPart();
    const Greeting = lazyPart(part.load);
    const preloaded = Greeting.preload();
    part.arrive();
    await preloaded;

    function Page() {
      const [name, setName] = useState('Bramble');
      return (
        <>
          <button type="button" onClick={() => setName('Hazel')}>
            Rename
          </button>
          <Greeting name={name} />
        </>
      );
    }
    render(<Page />);
    expect(screen.getByText('Hello Bramble')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Rename' }).click());
    expect(screen.getByText('Hello Hazel')).toBeInTheDocument();
    expect(part.load).toHaveBeenCalledTimes(1);
  });

  it("starts every part's download on the first pointerdown or key, not on focus", async () => {
    const lazyPart = await freshLazyPart();
    const first = deferredPart();
    const second = deferredPart();
    lazyPart(first.load);
    lazyPart(second.load);

    window.dispatchEvent(new FocusEvent('focusin'));
    expect(first.load).not.toHaveBeenCalled();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    expect(first.load).toHaveBeenCalledTimes(1);
    expect(second.load).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    expect(first.load).toHaveBeenCalledTimes(1);
  });

  it('loads a part made after the first interaction on the next one', async () => {
    const lazyPart = await freshLazyPart();
    const early = deferredPart();
    lazyPart(early.load);
    window.dispatchEvent(new PointerEvent('pointerdown'));
    expect(early.load).toHaveBeenCalledTimes(1);

    // The card's parts arrive with its page, after the click that signed the reader in: they
    // wait for the page's first paint and the reader's next touch, not for being opened.
    const late = deferredPart();
    lazyPart(late.load);
    expect(late.load).not.toHaveBeenCalled();
    window.dispatchEvent(new PointerEvent('pointerdown'));
    expect(late.load).toHaveBeenCalledTimes(1);
    expect(early.load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed download again on the next preload', async () => {
    const lazyPart = await freshLazyPart();
    const part = deferredPart();
    const Greeting = lazyPart(part.load);
    const firstTry = Greeting.preload();
    part.fail(new Error('offline'));
    await expect(firstTry).rejects.toThrow('offline');

    const secondTry = Greeting.preload();
    part.arrive();
    await secondTry;
    expect(part.load).toHaveBeenCalledTimes(2);
    render(<Greeting name="Bramble" />);
    expect(screen.getByText('Hello Bramble')).toBeInTheDocument();
  });
});
