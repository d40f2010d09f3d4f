import { describe, expect, it } from 'vitest';
import { messages } from '../../lib/messages';
import { buildAdmin, buildGuest, buildUser } from '../test-utils/factories';
import { decideAccess } from './access';

describe('decideAccess (SPEC.md sections 2 and 6)', () => {
  const guest = buildGuest();
  const reader = buildUser();
  const admin = buildAdmin();
  const toLogin = { kind: 'redirect', to: '/login', message: messages.access.loginRequired };
  const toBingo = { kind: 'redirect', to: '/bingo', message: messages.access.loginRequired };

  it.each([
    ['visitor', null, { kind: 'allow' }],
    ['visitor', guest, { kind: 'allow' }],
    ['visitor', reader, { kind: 'redirect', to: '/bingo', message: null }],
    ['player', null, toLogin],
    ['player', guest, { kind: 'allow' }],
    ['player', reader, { kind: 'allow' }],
    ['member', null, toLogin],
    ['member', guest, toBingo],
    ['member', reader, { kind: 'allow' }],
    ['admin', null, toLogin],
    ['admin', guest, { kind: 'redirect', to: '/bingo', message: messages.access.adminOnly }],
    ['admin', reader, { kind: 'redirect', to: '/bingo', message: messages.access.adminOnly }],
    ['admin', admin, { kind: 'allow' }],
  ] as const)('%s page, user %#', (access, user, expected) => {
    expect(decideAccess(access, user)).toEqual(expected);
  });

  it('treats an anonymous sign-in as a guest whatever its role says', () => {
    expect(decideAccess('member', buildUser({ isAnonymous: true }))).toEqual(toBingo);
  });
});
