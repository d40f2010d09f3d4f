import { describe, it, expect } from 'vitest';
import { isbn10To13, isValidIsbn10, isValidIsbn13, normalizeIsbn } from './isbn';

describe('isValidIsbn13', () => {
  it('accepts ISBN-13s with a correct check digit', () => {
    expect(isValidIsbn13('9780306406157')).toBe(true);
    expect(isValidIsbn13('9780141439518')).toBe(true);
    expect(isValidIsbn13('9791032305690')).toBe(true);
  });

  it('rejects a wrong check digit', () => {
    expect(isValidIsbn13('9780306406158')).toBe(false);
    expect(isValidIsbn13('9780141439519')).toBe(false);
  });

  it('rejects wrong lengths, non-digits, separators and other prefixes', () => {
    expect(isValidIsbn13('978030640615')).toBe(false);
    expect(isValidIsbn13('97803064061570')).toBe(false);
    expect(isValidIsbn13('978030640615X')).toBe(false);
    expect(isValidIsbn13('978-0-306-40615-7')).toBe(false);
    expect(isValidIsbn13('')).toBe(false);
    // EAN-13 with a valid checksum but not a book prefix.
    expect(isValidIsbn13('4006381333931')).toBe(false);
  });
});

describe('isValidIsbn10', () => {
  it('accepts valid ISBN-10s, including an X check character', () => {
    expect(isValidIsbn10('0306406152')).toBe(true);
    expect(isValidIsbn10('080442957X')).toBe(true);
    expect(isValidIsbn10('043965548X')).toBe(true);
  });

  it('rejects a wrong check character', () => {
    expect(isValidIsbn10('0306406153')).toBe(false);
    expect(isValidIsbn10('0804429579')).toBe(false);
  });

  it('rejects X anywhere but the end, lowercase x, wrong lengths and separators', () => {
    expect(isValidIsbn10('X306406152')).toBe(false);
    expect(isValidIsbn10('080442957x')).toBe(false);
    expect(isValidIsbn10('030640615')).toBe(false);
    expect(isValidIsbn10('03064061522')).toBe(false);
    expect(isValidIsbn10('0-306-40615-2')).toBe(false);
  });
});

describe('isbn10To13', () => {
  it('converts a valid ISBN-10 to the 978-prefixed ISBN-13', () => {
    expect(isbn10To13('0306406152')).toBe('9780306406157');
    expect(isbn10To13('080442957X')).toBe('9780804429573');
    expect(isbn10To13('0141439513')).toBe('9780141439518');
  });

  it('returns null for an invalid ISBN-10', () => {
    expect(isbn10To13('0306406153')).toBeNull();
    expect(isbn10To13('abc')).toBeNull();
  });

  it('always produces a valid ISBN-13', () => {
    const converted = isbn10To13('043965548X');
    expect(converted).not.toBeNull();
    expect(isValidIsbn13(converted ?? '')).toBe(true);
  });
});

describe('normalizeIsbn', () => {
  it('strips hyphens and spaces from an ISBN-13', () => {
    expect(normalizeIsbn('978-0-306-40615-7')).toBe('9780306406157');
    expect(normalizeIsbn(' 978 0306 406157 ')).toBe('9780306406157');
  });

  it('converts an ISBN-10, with or without separators and in either case of x', () => {
    expect(normalizeIsbn('0-306-40615-2')).toBe('9780306406157');
    expect(normalizeIsbn('0-8044-2957-x')).toBe('9780804429573');
  });

  it('returns null for anything that is not a valid ISBN', () => {
    expect(normalizeIsbn('978-0-306-40615-8')).toBeNull();
    expect(normalizeIsbn('0-306-40615-3')).toBeNull();
    expect(normalizeIsbn('12345')).toBeNull();
    expect(normalizeIsbn('')).toBeNull();
    expect(normalizeIsbn('ISBN 9780306406157')).toBeNull();
    expect(normalizeIsbn('978.0.306.40615.7')).toBeNull();
  });
});
