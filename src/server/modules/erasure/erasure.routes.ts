import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdminActionResponse, UserParams } from '../../../lib/schemas/admin';
import {
  AdminEraseBody,
  EraseMeBody,
  ErasedResponse,
  ErasurePreviewResponse,
} from '../../../lib/schemas/erasure';
import type { AppDeps } from '../../app-deps';
import { rateLimitRule } from '../../http/rate-limits';
import { requireAdmin, requireSignedIn } from '../../http/viewer';
import { createErasureService } from './erasure.service';
import { startGuestSweep, sweepStaleGuests } from './guest-sweep';

/** Password tries on the erase route per reader and window: a held session guessing slowly. */
const ERASE_TRIES = 5;
const ERASE_WINDOW_MS = 15 * 60 * 1000;

/** The erased reader's cookies end too (better-auth's names, with its prefix in production). */
function clearSessionCookies(reply: FastifyReply, secure: boolean) {
  const prefix = secure ? '__Secure-bingo' : 'bingo';
  const attributes = `Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  void reply.header(
    'set-cookie',
    ['session_token', 'session_data', 'dont_remember'].map(
      (name) => `${prefix}.${name}=; ${attributes}`,
    ),
  );
}

/** Issue 23: erasing an account, by its reader or an admin, and the guest sweep's timer. */
export function registerErasureRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createErasureService(deps);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const sweep = () => sweepStaleGuests(deps, service, app.log);
  app.decorate('sweepStaleGuests', sweep);
  let stopSweep: (() => void) | undefined;
  app.addHook('onReady', (done) => {
    stopSweep = startGuestSweep(sweep, app.log);
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    stopSweep?.();
    done();
  });

  api.get('/api/me/erasure', {
    schema: {
      tags: ['erasure'],
      summary: 'What erasing the account would do: which owned clubs pass to whom, or go',
      response: { 200: ErasurePreviewResponse },
    },
    handler: async (request) => service.preview(await requireSignedIn(request)),
  });

  api.post('/api/me/erase', {
    schema: {
      tags: ['erasure'],
      summary: "Erase the reader's own account (the password again; a guest needs none)",
      body: EraseMeBody,
      response: { 200: ErasedResponse },
    },
    config: { rateLimit: rateLimitRule('erase', ERASE_TRIES, ERASE_WINDOW_MS) },
    handler: async (request, reply) => {
      const viewer = await requireSignedIn(request);
      const answer = await service.eraseSelf(viewer, request.body.password);
      clearSessionCookies(reply, deps.config.env === 'production');
      return answer;
    },
  });

  api.post('/api/admin/users/:userId/erase', {
    schema: {
      tags: ['admin'],
      summary: "Erase a reader's account, with the reason the audit log keeps",
      params: UserParams,
      body: AdminEraseBody,
      response: { 200: AdminActionResponse },
    },
    handler: async (request) =>
      service.eraseByAdmin(await requireAdmin(request), request.params.userId, request.body.reason),
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the guest sweep once now (tests; the timer runs it hourly). */
    sweepStaleGuests: () => Promise<number>;
  }
}
