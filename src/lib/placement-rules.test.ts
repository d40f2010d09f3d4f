import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { decidePlacement } from './placement-rules';

describe('decidePlacement', () => {
  it('places a book used nowhere else as a normal placement', () => {
    expect(decidePlacement([], false)).toEqual({ ok: true, isWildcard: false });
    // Another square's wildcard does not matter for a first use.
    expect(decidePlacement([], true)).toEqual({ ok: true, isWildcard: false });
  });

  it('places the second use of a book as the wildcard when it is free', () => {
    expect(decidePlacement([{ position: 3, isWildcard: false }], false)).toEqual({
      ok: true,
      isWildcard: true,
    });
  });

  it('refuses a third use with the exact text', () => {
    const decision = decidePlacement(
      [
        { position: 3, isWildcard: false },
        { position: 8, isWildcard: true },
      ],
      true,
    );
    expect(decision).toEqual({ ok: false, message: messages.bingo.bookUsedTwice });
    expect(messages.bingo.bookUsedTwice).toBe(
      'This book has already been used twice — once normally and once as your wildcard.',
    );
  });

  it('refuses a second wildcard with the exact text', () => {
    const decision = decidePlacement([{ position: 3, isWildcard: false }], true);
    expect(decision).toEqual({ ok: false, message: messages.bingo.wildcardUsed });
    expect(messages.bingo.wildcardUsed).toBe(
      'You have already used your wildcard. Each book can only be used once, and only one wildcard is allowed.',
    );
  });

  it('places a book normally again when its only other use is the wildcard', () => {
    // Its normal square was given another book; the wildcard square still holds it.
    expect(decidePlacement([{ position: 8, isWildcard: true }], true)).toEqual({
      ok: true,
      isWildcard: false,
    });
  });
});
