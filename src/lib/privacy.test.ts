import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { canSeeProfile, shownNameFor, type ViewerRelation } from './privacy';

const stranger: ViewerRelation = { isSelf: false, isFriend: false, isBlocked: false };
const friend: ViewerRelation = { ...stranger, isFriend: true };
const self: ViewerRelation = { ...stranger, isSelf: true };

describe('canSeeProfile', () => {
  it('shows an everyone profile to any reader, a friends-only one to friends only', () => {
    expect(canSeeProfile('everyone', stranger)).toBe(true);
    expect(canSeeProfile('friends', stranger)).toBe(false);
    expect(canSeeProfile('friends', friend)).toBe(true);
  });

  it('shows an only-me profile to nobody but its owner', () => {
    expect(canSeeProfile('only_me', friend)).toBe(false);
    expect(canSeeProfile('only_me', self)).toBe(true);
  });

  it('hides every profile across a block, whatever its visibility', () => {
    expect(canSeeProfile('everyone', { ...stranger, isBlocked: true })).toBe(false);
    expect(canSeeProfile('friends', { ...friend, isBlocked: true })).toBe(false);
  });
});

describe('shownNameFor', () => {
  it("says 'A reader' where the profile is hidden", () => {
    expect(shownNameFor('hedgehog', 'only_me', friend)).toBe(messages.privacy.hiddenName);
    expect(shownNameFor('hedgehog', 'friends', friend)).toBe('hedgehog');
  });
});
