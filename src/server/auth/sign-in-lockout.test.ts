import { describe, expect, it } from 'vitest';
import {
  SIGN_IN_LOCK_BASE_MS,
  SIGN_IN_LOCK_MAX_MS,
  SIGN_IN_LOCK_THRESHOLD,
} from '../../lib/limits';
import { lockDurationMs, lockoutHash, lockoutKey } from './sign-in-lockout';

describe('lockDurationMs', () => {
  it('does not lock before the threshold', () => {
    expect(lockDurationMs(SIGN_IN_LOCK_THRESHOLD - 1)).toBe(0);
  });

  it('doubles with each further run of failures, up to the maximum', () => {
    expect(lockDurationMs(SIGN_IN_LOCK_THRESHOLD)).toBe(SIGN_IN_LOCK_BASE_MS);
    expect(lockDurationMs(SIGN_IN_LOCK_THRESHOLD * 2)).toBe(SIGN_IN_LOCK_BASE_MS * 2);
    expect(lockDurationMs(SIGN_IN_LOCK_THRESHOLD * 3)).toBe(SIGN_IN_LOCK_BASE_MS * 4);
    expect(lockDurationMs(SIGN_IN_LOCK_THRESHOLD * 1000)).toBe(SIGN_IN_LOCK_MAX_MS);
  });
});

describe('lockoutKey', () => {
  it('is the email as better-auth finds the account', () => {
    expect(lockoutKey('  Bramble@Example.COM ')).toBe('bramble@example.com');
  });
});

describe('lockoutHash', () => {
  const secret = 'test-secret-that-is-long-enough-0123456789';

  it('is a keyed hash of the normalised email, not the email', () => {
    const hash = lockoutHash('  Bramble@Example.COM ', secret);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(lockoutHash('bramble@example.com', secret));
    expect(hash).not.toContain('bramble');
  });

  it('differs with another secret, so a copied table cannot be matched without it', () => {
    expect(lockoutHash('bramble@example.com', secret)).not.toBe(
      lockoutHash('bramble@example.com', `${secret}-other`),
    );
  });
});
