import type { CurrentUser } from '../services/session-api';

let sequence = 0;

/** A signed-in user as `GET /api/me` returns it; override any field (`buildUser({ role: 'admin' })`). */
export function buildUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  sequence += 1;
  const role = overrides.role ?? 'user';
  const isAnonymous = overrides.isAnonymous ?? role === 'guest';
  return {
    id: `user-${sequence}`,
    email: isAnonymous ? 'guest' : `reader${sequence}@example.com`,
    username: isAnonymous ? null : `reader${sequence}`,
    name: isAnonymous ? '' : `Reader ${sequence}`,
    displayName: isAnonymous ? 'Guest User' : `Reader ${sequence}`,
    role,
    isAnonymous,
    isAdmin: role === 'admin',
    points: 0,
    bio: null,
    avatar: null,
    ...overrides,
  };
}

export function buildGuest(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return buildUser({ role: 'guest', ...overrides });
}

export function buildAdmin(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return buildUser({ role: 'admin', ...overrides });
}
