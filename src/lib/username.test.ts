import { describe, expect, it } from 'vitest';
import { baseUsernameFromEmail, isValidUsername, withRandomSuffix } from './username';

describe('generated usernames', () => {
  it('keeps letters, digits and underscore from the part before the @', () => {
    expect(baseUsernameFromEmail('mary.jane-o+books@example.com')).toBe('maryjaneobooks');
    expect(baseUsernameFromEmail('hedge_hog42@example.com')).toBe('hedge_hog42');
  });

  it("falls back to 'user' when fewer than 3 characters are left", () => {
    expect(baseUsernameFromEmail('a.b@example.com')).toBe('user');
    expect(baseUsernameFromEmail('@example.com')).toBe('user');
    expect(baseUsernameFromEmail('abc@example.com')).toBe('abc');
  });

  it('cuts to 30 characters', () => {
    expect(baseUsernameFromEmail(`${'x'.repeat(40)}@example.com`)).toHaveLength(30);
  });

  it('appends a 4-digit number, staying within 30 characters', () => {
    expect(withRandomSuffix('bramble', () => 0)).toBe('bramble1000');
    expect(withRandomSuffix('bramble', () => 0.99999)).toBe('bramble9999');
    const long = withRandomSuffix('y'.repeat(30), () => 0.5);
    expect(long).toHaveLength(30);
    expect(long).toMatch(/^y{26}\d{4}$/);
  });
});

describe('username rules', () => {
  it.each(['abc', 'Hedge_Hog_99', 'x'.repeat(30)])('accepts %s', (name) => {
    expect(isValidUsername(name)).toBe(true);
  });

  it.each(['ab', 'x'.repeat(31), 'with space', 'dash-ed', 'émile', ''])('refuses %j', (name) => {
    expect(isValidUsername(name)).toBe(false);
  });
});
