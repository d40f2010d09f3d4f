import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { messages } from '../../lib/messages';
import type { Auth } from '../auth/auth';
import { isSuspendedAt } from '../modules/moderation/suspension';
import { forbidden, unauthorized } from './errors';
import { sessionCookieOf, type SessionCache, type SharedRevocations } from './session-cache';

export type Role = 'guest' | 'user' | 'admin';

/** Who is asking: the signed-in account behind the session cookie. */
export interface Viewer {
  id: string;
  email: string;
  username: string | null;
  name: string;
  role: Role;
  isAnonymous: boolean;
  isAdmin: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account, or null; resolved once per request from the session cookie. */
    viewer(): Promise<Viewer | null>;
  }
}

interface SessionUser {
  id: string;
  email: string;
  name: string;
  username?: string | null;
  displayUsername?: string | null;
  role?: string | null;
  isAnonymous?: boolean | number | null;
  banned?: boolean | number | null;
  banExpires?: Date | string | null;
}

function toRole(user: SessionUser): Role {
  if (user.isAnonymous) return 'guest';
  return user.role === 'admin' ? 'admin' : 'user';
}

/** Maps better-auth's session user to the viewer our services trust. */
export function toViewer(user: SessionUser): Viewer {
  const role = toRole(user);
  return {
    id: user.id,
    email: user.isAnonymous ? 'guest' : user.email,
    username: user.displayUsername ?? user.username ?? null,
    name: user.name,
    role,
    isAnonymous: Boolean(user.isAnonymous),
    isAdmin: role === 'admin',
  };
}

/**
 * Adds `request.viewer()`, memoised so each request reads its session at most once. With a
 * session cache, a cookie seen lately answers from memory (decision 011), with no round trip
 * to Redis either (decision 027); a request without a session cookie is nobody, without asking
 * better-auth.
 */
export function decorateViewer(
  app: { decorateRequest: (name: 'viewer', value: null) => unknown },
  auth: Auth,
  cache?: SessionCache,
  shared?: SharedRevocations,
) {
  app.decorateRequest('viewer', null);
  const lookUp = async (request: FastifyRequest): Promise<Viewer | null> => {
    const cookie = sessionCookieOf(request.headers.cookie);
    if (!cache) return lookUpSession(auth, request);
    if (!cookie) return null;
    // Many instances with Redis away: another instance's sign-out cannot reach this cache, so
    // the database, which has every session as it is, answers each request (decision 027).
    if (shared && !shared.live()) return lookUpSession(auth, request);
    const cached = cache.get(cookie);
    if (cached) return cached;
    const ticket = cache.ticket();
    const result = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    // A suspension ends a reader's sessions; one that outlived it (a race) is not signed in.
    if (!result || isSuspendedAt(result.user)) return null;
    const viewer = toViewer(result.user);
    cache.set(cookie, viewer, new Date(result.session.expiresAt).getTime(), ticket);
    return viewer;
  };
  return (request: FastifyRequest) => {
    let pending: Promise<Viewer | null> | undefined;
    request.viewer = () => (pending ??= lookUp(request));
  };
}

/** The request's session from the database, past every cache. */
export async function lookUpSession(auth: Auth, request: FastifyRequest): Promise<Viewer | null> {
  const result = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  return result && !isSuspendedAt(result.user) ? toViewer(result.user) : null;
}

/** Anyone signed in, guests included (SPEC.md section 6: /bingo and /rules). */
export async function requireSignedIn(request: FastifyRequest): Promise<Viewer> {
  const viewer = await request.viewer();
  if (!viewer) throw unauthorized(messages.access.loginRequired);
  return viewer;
}

/** A registered reader or admin; guests are turned away with `guestMessage`. */
export async function requireMember(
  request: FastifyRequest,
  guestMessage: string = messages.access.loginRequired,
): Promise<Viewer> {
  const viewer = await requireSignedIn(request);
  if (viewer.role === 'guest') throw forbidden(guestMessage);
  return viewer;
}

/** An admin (SPEC.md section 6). */
export async function requireAdmin(request: FastifyRequest): Promise<Viewer> {
  const viewer = await requireSignedIn(request);
  if (!viewer.isAdmin) throw forbidden(messages.access.adminOnly);
  return viewer;
}
