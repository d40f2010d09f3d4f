import { describe, expect, it } from 'vitest';
import { describeWeakPassword, findMissingPasswordParts } from './password';
import { messages } from './messages';

describe('password policy', () => {
  it('accepts a password with every part', () => {
    expect(findMissingPasswordParts('Ab1!xy')).toEqual([]);
    expect(describeWeakPassword('Ab1!xy')).toBeNull();
  });

  it.each([
    ['AB1!XY', ['lowercase']],
    ['ab1!xy', ['uppercase']],
    ['Abc!xy', ['numeric']],
    ['Ab1xyz', ['special character']],
    ['Ab1!x', ['minimum length 6']],
    ['', ['lowercase', 'uppercase', 'numeric', 'special character', 'minimum length 6']],
  ])('%j misses %j', (password, missing) => {
    expect(findMissingPasswordParts(password)).toEqual(missing);
  });

  it('lists what is missing after the spec text', () => {
    expect(describeWeakPassword('abc')).toBe(
      `${messages.auth.weakPasswordPrefix} uppercase, numeric, special character, minimum length 6`,
    );
  });
});
