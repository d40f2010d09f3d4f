import Fastify, { LogController, type FastifyError, type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { MAX_JSON_BODY_BYTES } from '../lib/limits';
import { messages } from '../lib/messages';
import type { AppDeps } from './app-deps';
import { createAuth } from './auth/auth';
import { createResetLinks } from './auth/reset-links';
import { createSignInLockout } from './auth/sign-in-lockout';
import { registerAuthRoutes } from './auth/auth.routes';
import { createCaptcha } from './captcha/captcha';
import type { AppConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db/database';
import { createEventHub } from './events/hub';
import { hasDotSegment } from './http/dot-segments';
import { registerFrozenAnswerCompression, serializingFrozenOnce } from './http/frozen-answers';
import { answerFrameworkError, registerInputBoundary } from './http/input-boundary';
import { registerCompression } from './http/compression';
import { AppError, errorBody } from './http/errors';
import { sharedRateLimitStore } from './http/rate-limit-store';
import { rateLimitRule, scaleRateLimit } from './http/rate-limits';
import { registerSpa } from './http/spa';
import {
  apiHelmetOptions,
  pageHelmetOptions,
  registerSecurityHeaders,
} from './http/security-headers';
import { createSessionCache, redisRevocations, revokeSessions } from './http/session-cache';
import { registerReadYourWrites } from './http/read-your-writes';
import { registerTurnEndWrites } from './http/turn-end-writes';
import { decorateViewer } from './http/viewer';
import { createMailer, type Mailer } from './mail/mailer';
import { registerAdminRoutes } from './modules/admin/admin.routes';
import { registerAuditRoutes } from './modules/audit/audit.routes';
import { registerBingoRoutes } from './modules/bingo/bingo.routes';
import { registerBookRoutes } from './modules/books/books.routes';
import { registerClubRoutes } from './modules/clubs/clubs.routes';
import { createClubsService } from './modules/clubs/clubs.service';
import { registerJoinCodeRoutes } from './modules/clubs/join-codes';
import { registerCardResultsRoutes } from './modules/exports/card-results';
import { registerDashboardRoutes } from './modules/dashboard/dashboard.routes';
import { registerSeasonRoutes } from './modules/season/season.routes';
import { createBooksService } from './modules/books/books.service';
import { registerErasureRoutes } from './modules/erasure/erasure.routes';
import { createPasswordHasher } from './auth/password-hash';
import { registerEventRoutes } from './modules/events/events.routes';
import { registerExportRoutes } from './modules/exports/exports.routes';
import { registerFriendRoutes } from './modules/friends/friends.routes';
import { registerGridRoutes } from './modules/grids/grids.routes';
import { registerHealthRoutes } from './modules/health/health.routes';
import { registerImportRoutes } from './modules/imports/imports.routes';
import { registerLibraryRoutes } from './modules/library/library.routes';
import { registerLeaderboardRoutes } from './modules/leaderboard/leaderboard.routes';
import { createLeaderboardService } from './modules/leaderboard/leaderboard.service';
import { registerModerationRoutes } from './modules/moderation/moderation.routes';
import { registerPostRoutes } from './modules/posts/posts.routes';
import { registerPrivacyRoutes } from './modules/privacy/privacy.routes';
import { registerProfileRoutes } from './modules/profile/profile.routes';
import { registerReadingYearRoutes } from './modules/reading-year/reading-year.routes';
import { registerRecommendationRoutes } from './modules/recommendations/recommendations.routes';
import { registerReviewRoutes } from './modules/reviews/reviews.routes';
import { registerSettingsRoutes } from './modules/settings/settings.routes';
import { createPngRenderer } from './modules/shares/share-card-png';
import { registerShareRoutes } from './modules/shares/shares.routes';
import { registerSuggestionRoutes } from './modules/suggestions/suggestions.routes';
import { registerUserRoutes } from './modules/users/users.routes';
import { createLocalBus } from './shared/bus';
import { busLiveness, createDataChanges } from './shared/data-changes';
import { openSharedRedis } from './shared/redis';
import { createRedisBus } from './shared/redis-bus';

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  /** An open database; by default one is opened from the config and closed with the app. */
  database?: DatabaseHandle;
  mailer?: Mailer;
  logger?: boolean;
  /** Where the log lines go instead of stdout (the load bench writes them to a file). */
  logStream?: { write(line: string): void };
}

/** A request slower than this is logged at info level even when it succeeded. */
export const SLOW_REQUEST_MS = 1000;

/** The origins allowed to change state: the app's own, with localhost and 127.0.0.1 alike. */
export function trustedOriginsFor(config: Pick<AppConfig, 'appUrl' | 'env'>): string[] {
  const url = new URL(config.appUrl);
  const origins = new Set([url.origin]);
  const aliases = ['localhost', '127.0.0.1'];
  if (aliases.includes(url.hostname)) {
    for (const host of aliases)
      origins.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
  }
  if (config.env === 'development') {
    origins.add('http://localhost:5173');
    origins.add('http://127.0.0.1:5173');
  }
  return [...origins];
}

/** The origin of a Referer header, or '' when it is not a URL. */
function originOf(referer: string): string {
  try {
    return new URL(referer).origin;
  } catch {
    return '';
  }
}

/**
 * Fastify's trustProxy for TRUST_PROXY. A number of hops becomes a function: Fastify takes a bare
 * number as "trust no hop" (its hop count cannot check the peer), and the operator who sets one
 * says the app is reachable only through that many proxies.
 */
function trustProxyOf(
  trust: AppConfig['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

function isStateChanging(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}

/** Builds the whole server from a config: API, auth, OpenAPI document and the built SPA. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    // One line per request at most, and only when it matters (issue 10): see the onResponse hook.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: MAX_JSON_BODY_BYTES,
    trustProxy: trustProxyOf(config.trustProxy),
    // URLs the router cannot take (too long, badly encoded) answer in our shape (issue 8).
    frameworkErrors: answerFrameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializingFrozenOnce(serializerCompiler));
  registerInputBoundary(app);

  const database =
    options.database ??
    openDatabase(config, (error) => app.log.warn({ err: error }, 'idle database connection lost'));
  if (!options.database) app.addHook('onClose', () => database.close());
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: config.outboxDir,
      log: app.log,
    });
  const trustedOrigins = trustedOriginsFor(config);
  const lockout = createSignInLockout(database.db, config.authSecret);
  const resetLinks = createResetLinks(database.db);
  const passwords = createPasswordHasher(config.passwordHashCost);
  const auth = createAuth({
    database,
    secret: config.authSecret,
    appUrl: config.appUrl,
    trustedOrigins,
    secureCookies: config.env === 'production',
    mailer,
    resetLinks,
    log: app.log,
    passwords,
  });
  const captcha = createCaptcha(database.db, config.authSecret, config.captchaCost);
  const books = createBooksService({ database, config, log: app.log });
  // Shared state between instances (decision 012): Redis when REDIS_URL is set, else in-process.
  const redis = config.redisUrl ? openSharedRedis(config.redisUrl, app.log) : undefined;
  const bus = redis ? createRedisBus(redis) : createLocalBus();
  app.addHook('onClose', async () => {
    await bus.close();
    await redis?.close();
  });
  // Serve once Redis is up, so the first requests already share; a Redis that is away at
  // start-up delays the start by 2 s at most, then the app runs per instance until it is back.
  if (redis) app.addHook('onReady', async () => void (await redis.whenReady(2000)));
  // Decision 027: answers kept in memory on PostgreSQL too, through the commits every instance
  // tells of on the bus; cached sessions trusted while the bus delivers, with no Redis read.
  const changes = createDataChanges({ database, bus, redis });
  const sharedBus = busLiveness({ bus, redis });
  app.addHook('onClose', (_instance, done) => {
    changes.close();
    sharedBus.close();
    done();
  });
  const revocations = redis ? redisRevocations(redis, () => sharedBus.live()) : undefined;
  const sessionsChanged = (userId: string) => revokeSessions(bus, revocations, userId);
  // Issue 27 (decision 032): PNGs drawn by a small worker-thread pool with a bounded queue.
  const png = createPngRenderer({
    threads: config.pngWorkers,
    queueMax: config.pngQueueMax,
    onError: (error) => app.log.error({ err: error }, 'PNG render thread failed'),
  });
  app.addHook('onClose', () => png.close());
  const deps: AppDeps = {
    config,
    database,
    auth,
    captcha,
    mailer,
    books,
    bus,
    redis,
    lockout,
    sessionsChanged,
    changes,
    png,
  };
  app.decorate('deps', deps);

  const imageHosts = [
    ...(config.books.googleBooks.enabled ? ['https://books.google.com'] : []),
    ...(config.books.openLibrary.enabled ? ['https://covers.openlibrary.org'] : []),
  ];
  const production = config.env === 'production';
  registerSecurityHeaders(app, {
    pages: pageHelmetOptions({ imageHosts, production }),
    api: apiHelmetOptions(production),
  });
  await registerCompression(app);
  registerFrozenAnswerCompression(app);
  // After the frozen answers' onSend: their bytes are ready before the wait for the turn's end.
  registerTurnEndWrites(app);
  // RATE_LIMIT_SCALE applies to every route's limit, before @fastify/rate-limit reads it.
  app.addHook('onRoute', (route) => {
    const rule: unknown = route.config?.rateLimit;
    if (rule && typeof rule === 'object') {
      route.config = { ...route.config, rateLimit: scaleRateLimit(rule, config.rateLimitScale) };
    }
  });
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: sharedRateLimitStore(redis) } : {}),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Hedgehog Reading Bingo API',
        description: 'JSON API of the reading bingo. Errors answer { error: { code, message } }.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/docs/json', { schema: { hide: true } }, () => app.swagger());

  // Signed-in viewers from memory, revoked through the bus (decision 011).
  const sessions = createSessionCache({ bus, changedElsewhere: database.changedElsewhere });
  app.addHook('onClose', (_instance, done) => {
    sessions.close();
    done();
  });
  // With Redis, cached sessions are trusted while the bus delivers (decision 027).
  const attachViewer = decorateViewer(app, auth, sessions, revocations);
  // A reader's own writes, seen at once on every instance (decision 027).
  registerReadYourWrites(app, { changes, secret: config.authSecret, secure: production });
  // Request logging that costs little: server errors and slow requests at info level, every
  // request at debug (LOG_LEVEL=debug is an access log).
  const accessLog = config.logLevel === 'debug' || config.logLevel === 'trace';
  app.addHook('onResponse', (request, reply, done) => {
    const ms = reply.elapsedTime;
    if (reply.statusCode >= 500 || ms >= SLOW_REQUEST_MS) {
      request.log.info(
        { method: request.method, url: request.url, status: reply.statusCode, ms },
        reply.statusCode >= 500 ? 'request failed' : 'slow request',
      );
    } else if (accessLog) {
      request.log.debug(
        { method: request.method, url: request.url, status: reply.statusCode, ms },
        'request',
      );
    }
    done();
  });
  app.addHook('onRequest', (request, reply, done) => {
    // '.' and '..' segments are refused, so every guard sees the endpoint that answers.
    if (hasDotSegment(request.url)) {
      void reply.status(400).send(errorBody('DOT_SEGMENT', messages.generic.badRequest));
      return;
    }
    attachViewer(request);
    // State-changing calls must come from our own pages (CSRF defence in depth with SameSite).
    if (isStateChanging(request.method) && request.url.startsWith('/api/')) {
      const origin = request.headers.origin;
      const fetchSite = request.headers['sec-fetch-site'];
      // Without an Origin, a Referer still names the page that sent the request (issue 8).
      const referer = origin ? undefined : request.headers.referer;
      if (
        (origin && !trustedOrigins.includes(origin)) ||
        (referer !== undefined && !trustedOrigins.includes(originOf(referer))) ||
        fetchSite === 'cross-site'
      ) {
        void reply.status(403).send(errorBody('FOREIGN_ORIGIN', messages.generic.foreignOrigin));
        return;
      }
    }
    done();
  });

  app.setErrorHandler(
    (error: FastifyError & { error?: { code: string; message: string } }, request, reply) => {
      if (error instanceof AppError) {
        if (error.retryAfterS) void reply.header('retry-after', String(error.retryAfterS));
        return reply.status(error.statusCode).send(errorBody(error.code, error.message));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0];
        // A body that is not an object at all (null, an array, a string) fails at its root.
        const message =
          first && first.instancePath === '/' && error.validationContext === 'body'
            ? messages.generic.notAnObject
            : (first?.message ?? messages.generic.badRequest);
        return reply.status(400).send(errorBody('VALIDATION_FAILED', message));
      }
      if (error.statusCode === 429) {
        return reply
          .status(429)
          .send(errorBody('RATE_LIMITED', error.error?.message ?? messages.rateLimit.generic));
      }
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        return reply
          .status(415)
          .send(errorBody('UNSUPPORTED_MEDIA_TYPE', messages.generic.unsupportedMediaType));
      }
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return reply.status(400).send(errorBody('BODY_TOO_LARGE', messages.generic.bodyTooLarge));
      }
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
        return reply.status(400).send(errorBody('MALFORMED_JSON', messages.generic.malformedJson));
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return reply
          .status(error.statusCode)
          .send(errorBody(error.code ?? 'BAD_REQUEST', messages.generic.badRequest));
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send(errorBody('INTERNAL', messages.generic.serverError));
    },
  );

  registerAuthRoutes(app, {
    auth,
    captcha,
    lockout,
    resetLinks,
    appUrl: config.appUrl,
    sessionsEnded: sessionsChanged,
    emailTaken: async (email) =>
      (await database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email.trim().toLowerCase())
        .executeTakeFirst()) !== undefined,
    authRateLimit: rateLimitRule(
      'auth',
      config.authRateLimit.max,
      config.authRateLimit.windowMs,
      messages.rateLimit.generic,
      'address',
    ),
  });
  registerHealthRoutes(app, deps);
  registerRecommendationRoutes(app, deps);
  registerImportRoutes(app, deps);
  registerExportRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerSettingsRoutes(app, deps);
  registerGridRoutes(app, deps);
  registerAdminRoutes(app, deps);
  registerAuditRoutes(app, deps);
  const liveEvents = createEventHub(bus, { leaderboardWindowMs: config.leaderboardWindowMs });
  registerEventRoutes(app, liveEvents);
  registerBookRoutes(app, deps);
  // One leaderboard service: its kept top and relations decide who hears a placement (decision 028).
  const leaderboard = createLeaderboardService(database, bus, undefined, changes);
  const live = { hub: liveEvents, leaderboard };
  registerBingoRoutes(app, deps, live);
  registerSuggestionRoutes(app, deps, live);
  registerLeaderboardRoutes(app, leaderboard, deps);
  registerReviewRoutes(app, deps);
  registerShareRoutes(app, deps);

  registerProfileRoutes(app, deps);
  registerLibraryRoutes(app, deps);
  registerFriendRoutes(app, deps);
  registerPostRoutes(app, deps);
  registerPrivacyRoutes(app, deps);
  registerClubRoutes(app, deps);
  // Issue 23: reports, the moderation queue, suspensions.
  registerModerationRoutes(app, deps);
  // Issue 23: erasure (the reader's own, an admin's) and the guest sweep's timer.
  registerErasureRoutes(app, deps);
  // Issue 24: join a club by a code; a card's results as CSV.
  const clubsService = createClubsService(database);
  registerJoinCodeRoutes(app, deps, clubsService);
  registerCardResultsRoutes(app, deps, clubsService);
  // Issue 24: a season's dashboard.
  registerDashboardRoutes(app, deps);
  // Issue 25: your reading year and the Year in Review.
  registerReadingYearRoutes(app, deps);
  // Issue 25: what others read for a square, and a card's season statistics.
  registerSeasonRoutes(app, deps);
  await registerSpa(app, { staticDir: config.staticDir, supportEmail: config.supportEmail });
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && !request.url.startsWith('/api') && app.sendSpaPage) {
      return app.sendSpaPage(request, reply);
    }
    return reply.status(404).send(errorBody('NOT_FOUND', messages.generic.notFound));
  });

  return app;
}
