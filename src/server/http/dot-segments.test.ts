import { describe, expect, it } from 'vitest';
import { hasDotSegment } from './dot-segments';

describe('hasDotSegment', () => {
  it.each([
    '/api/auth/./sign-in/email',
    '/api/auth/x/../sign-in/email',
    '/api/auth/x/%2e%2e/sign-in/email',
    '/api/auth/x/%2E%2e/sign-in/email',
    '/api/auth/x/.%2E/sign-in/email',
    '/api/auth/%2e/sign-in/email',
    '/api/auth/x%2f..%2fsign-in/email',
    '/api/auth/x\\..\\sign-in/email',
    '/api/auth/x%5c..%5csign-in/email',
    '/api/..',
    '/.',
  ])('finds one in %s', (url) => {
    expect(hasDotSegment(url)).toBe(true);
  });

  it.each([
    '/api/auth/sign-in/email',
    '/api/books/search?q=../etc',
    '/assets/index-abc.js',
    '/api/users/a.b/profile',
    '/api/x/...',
    '/book/978.0',
  ])('finds none in %s', (url) => {
    expect(hasDotSegment(url)).toBe(false);
  });
});
