import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createBookProviderChain, MISSING_ISBN_TTL_MS } from './provider-chain';
import { ProviderError, type BookProvider, type ProviderQuery } from './provider';

const silent = {
  debug: () => {},
  warn: () => {},
} as unknown as FastifyBaseLogger;

const emptyCatalogue = {
  search: () => Promise.resolve([]),
  findByIsbn: () => Promise.resolve(null),
};

/** A provider that knows nothing (or fails while `failing`), counting what it is asked. */
function provider(name: BookProvider['name']) {
  const asked: ProviderQuery[] = [];
  const state = { failing: false };
  const p: BookProvider = {
    name,
    search: (query) => {
      asked.push(query);
      return state.failing
        ? Promise.reject(new ProviderError(name, 500, `${name} answered 500`))
        : Promise.resolve([]);
    },
  };
  return { p, asked, state };
}

function chainWith(options: { missingIsbnsMax?: number } = {}) {
  const clock = { now: 1_000_000 };
  const google = provider('google');
  const openLibrary = provider('openlibrary');
  const chain = createBookProviderChain({
    local: emptyCatalogue,
    remote: [google.p, openLibrary.p],
    log: silent,
    now: () => clock.now,
    ...options,
  });
  return { chain, clock, google, openLibrary };
}

describe('missing ISBNs', () => {
  it('are asked about again once MISSING_ISBN_TTL_MS has passed', async () => {
    const { chain, clock, google } = chainWith();
    await chain.findByIsbn('9780000000019');
    clock.now += MISSING_ISBN_TTL_MS - 1;
    await chain.findByIsbn('9780000000019');
    expect(google.asked).toHaveLength(1);
    clock.now += 1;
    expect((await chain.findByIsbn('9780000000019')).book).toBeNull();
    expect(google.asked).toHaveLength(2);
  });

  it('are not remembered when a provider failed', async () => {
    const { chain, openLibrary } = chainWith();
    openLibrary.state.failing = true;
    await chain.findByIsbn('9780000000026');
    openLibrary.state.failing = false;
    await chain.findByIsbn('9780000000026');
    await chain.findByIsbn('9780000000026');
    expect(openLibrary.asked).toHaveLength(2);
  });

  it('are kept up to a bound, the least recently asked going first', async () => {
    const { chain, google } = chainWith({ missingIsbnsMax: 2 });
    for (const isbn of ['9780000000033', '9780000000040', '9780000000057']) {
      await chain.findByIsbn(isbn);
    }
    await chain.findByIsbn('9780000000057');
    await chain.findByIsbn('9780000000040');
    expect(google.asked).toHaveLength(3);
    await chain.findByIsbn('9780000000033');
    expect(google.asked).toHaveLength(4);
  });
});
