/**
 * Who may open which page (SPEC.md sections 2 and 6), as a pure decision the guards render.
 * The server checks every API call again; this only keeps people off pages they cannot use.
 */
import { messages } from '../../lib/messages';
import { isGuest, type CurrentUser } from '../services/session-api';

/**
 * - visitor: register, login, forgot-password (a signed-in non-guest is sent on to /bingo)
 * - player: guests and signed-in users (/bingo, /rules)
 * - member: signed-in non-guests (/profile, /blog, ...)
 * - admin: users with the admin flag
 */
export type PageAccess = 'visitor' | 'player' | 'member' | 'admin';

export type AccessDecision =
  { kind: 'allow' } | { kind: 'redirect'; to: string; message: string | null };

const ALLOW: AccessDecision = { kind: 'allow' };

function isAdmin(user: CurrentUser): boolean {
  return user.isAdmin || user.role === 'admin';
}

/** Decides whether `user` may see a page of the given access level, and where to go if not. */
export function decideAccess(access: PageAccess, user: CurrentUser | null): AccessDecision {
  switch (access) {
    case 'visitor':
      return user && !isGuest(user) ? { kind: 'redirect', to: '/bingo', message: null } : ALLOW;
    case 'player':
      return user
        ? ALLOW
        : { kind: 'redirect', to: '/login', message: messages.access.loginRequired };
    case 'member':
      if (!user) return { kind: 'redirect', to: '/login', message: messages.access.loginRequired };
      return isGuest(user)
        ? { kind: 'redirect', to: '/bingo', message: messages.access.loginRequired }
        : ALLOW;
    case 'admin':
      if (!user) return { kind: 'redirect', to: '/login', message: messages.access.loginRequired };
      return isAdmin(user)
        ? ALLOW
        : { kind: 'redirect', to: '/bingo', message: messages.access.adminOnly };
  }
}
