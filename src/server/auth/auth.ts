import type { PasswordHasher } from './password-hash';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { admin, anonymous, username } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import {
  ACCOUNT_NAME_MAX,
  LOGIN_MERGE_INTERVAL_MS,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
} from '../../lib/limits';
import { messages } from '../../lib/messages';
import { describeWeakPassword } from '../../lib/password';
import { baseUsernameFromEmail, isValidUsername, withRandomSuffix } from '../../lib/username';
import type { DatabaseHandle } from '../db/database';
import type { Mailer } from '../mail/mailer';
import { passwordResetMail } from '../mail/templates';
import { toPlainText } from '../modules/profile/plain-text';
import { suspendedSignInMessage } from '../modules/moderation/suspension';
import type { ResetLinks } from './reset-links';

export const AUTH_BASE_PATH = '/api/auth';
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;

export interface AuthOptions {
  database: DatabaseHandle;
  secret: string;
  appUrl: string;
  trustedOrigins: string[];
  secureCookies: boolean;
  mailer: Mailer;
  resetLinks: ResetLinks;
  log: FastifyBaseLogger;
  passwords: PasswordHasher;
}

/**
 * Where each better-auth endpoint takes a new password: the policy of SPEC.md section 5 applies
 * to all of them (only sign-up and reset are reachable over HTTP; the rest guard server code).
 */
const NEW_PASSWORD_FIELDS: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
  '/set-password': 'newPassword',
  '/admin/create-user': 'password',
  '/admin/set-user-password': 'newPassword',
};

/** Identity fields only our profile rules may change (profile module, src/lib/username.ts). */
const IDENTITY_FIELDS = ['name', 'username', 'displayUsername', 'image'];

/** The fields of an update better-auth was asked for, wherever the endpoint keeps them. */
function updatedFields(path: string, body: Record<string, unknown>): string[] {
  if (path === '/update-user') return Object.keys(body);
  if (path === '/admin/update-user') {
    const data = body.data;
    return data !== null && typeof data === 'object' ? Object.keys(data) : [];
  }
  return [];
}

/** An account name as plain text within its cap; the email's local part when nothing is left. */
function plainAccountName(name: string | null | undefined, email: string): string {
  const plain = toPlainText(name ?? '')
    .slice(0, ACCOUNT_NAME_MAX)
    .trim();
  return plain || (email.split('@')[0] ?? '').slice(0, ACCOUNT_NAME_MAX);
}

/**
 * Picks a free username for a new account (SPEC.md section 5): from the email, with a 4-digit
 * suffix when taken, and 'user' plus 4 digits when anything goes wrong.
 */
async function generateUsername(handle: DatabaseHandle, email: string): Promise<string> {
  const isTaken = async (candidate: string) =>
    (await handle.db
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(username)`, '=', candidate.toLowerCase())
      .executeTakeFirst()) !== undefined;
  try {
    const base = baseUsernameFromEmail(email);
    if (!(await isTaken(base))) return base;
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const candidate = withRandomSuffix(base);
      if (!(await isTaken(candidate))) return candidate;
    }
  } catch {
    // fall through to the spec's fallback
  }
  return withRandomSuffix('user');
}

/**
 * better-auth, mapped onto our snake_case schema (migration 001): email and password accounts,
 * guests (anonymous plugin, role 'guest'), usernames, and roles (admin plugin).
 */
export function createAuth(options: AuthOptions) {
  const { database } = options;
  const timestamps = { createdAt: 'created_at', updatedAt: 'updated_at' };
  return betterAuth({
    appName: 'Hedgehog Reading Bingo',
    baseURL: options.appUrl,
    basePath: AUTH_BASE_PATH,
    secret: options.secret,
    trustedOrigins: options.trustedOrigins,
    database: { db: database.raw, type: database.kind },
    telemetry: { enabled: false },
    // better-auth's own messages go to our logger, at their level.
    logger: {
      log: (level, message, ...args) => options.log[level]({ args }, message),
    },
    // Our Fastify routes apply the rate limits (with the spec's texts); see http/rate-limits.ts.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'bingo',
      useSecureCookies: options.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      maxPasswordLength: PASSWORD_MAX,
      password: options.passwords,
      sendResetPassword: async ({ user, token }) => {
        // Past RESET_LINKS_LIVE_MAX unused links the new one ends unmailed; the answer is the same.
        if (!(await options.resetLinks.admit(user.id, token))) return;
        const link = `${options.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
        // Never awaited: the answer must not wait for the mail server, or its timing would tell
        // who has an account (SPEC.md section 5 answers both alike). A failure is logged.
        options.mailer
          .send(passwordResetMail(user.email, link))
          .catch((error: unknown) =>
            options.log.error({ err: error }, 'the password reset mail was not sent'),
          );
      },
    },
    user: {
      modelName: 'users',
      fields: { emailVerified: 'email_verified', ...timestamps },
      additionalFields: {
        bio: { type: 'string', required: false, input: false },
        avatar: { type: 'string', required: false, input: false },
        points: { type: 'number', required: false, input: false, defaultValue: 0 },
        lastLogin: { type: 'date', required: false, input: false, fieldName: 'last_login' },
        lastModifiedBy: {
          type: 'string',
          required: false,
          input: false,
          fieldName: 'last_modified_by',
        },
      },
    },
    session: {
      modelName: 'sessions',
      fields: {
        expiresAt: 'expires_at',
        ipAddress: 'ip_address',
        userAgent: 'user_agent',
        userId: 'user_id',
        ...timestamps,
      },
    },
    account: {
      modelName: 'accounts',
      fields: {
        accountId: 'account_id',
        providerId: 'provider_id',
        userId: 'user_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        ...timestamps,
      },
    },
    verification: {
      modelName: 'verifications',
      fields: { expiresAt: 'expires_at', ...timestamps },
    },
    plugins: [
      username({
        minUsernameLength: USERNAME_MIN,
        maxUsernameLength: USERNAME_MAX,
        usernameValidator: isValidUsername,
        schema: { user: { fields: { displayUsername: 'display_username' } } },
      }),
      anonymous({
        emailDomainName: 'guest.hedgehog-bingo.local',
        generateName: () => 'Guest',
        schema: { user: { fields: { isAnonymous: 'is_anonymous' } } },
      }),
      admin({
        defaultRole: 'user',
        adminRoles: ['admin'],
        // Issue 23: a suspended reader's sign-in says until when (or for good).
        bannedUserMessage: (user) => suspendedSignInMessage(user),
        schema: {
          user: { fields: { banReason: 'ban_reason', banExpires: 'ban_expires' } },
          session: { fields: { impersonatedBy: 'impersonated_by' } },
        },
      }),
    ],
    hooks: {
      before: createAuthMiddleware((ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        // Names change only through the profile's rules (length, characters, uniqueness).
        if (updatedFields(ctx.path, body).some((field) => IDENTITY_FIELDS.includes(field))) {
          throw new APIError('BAD_REQUEST', {
            message: messages.generic.badRequest,
            code: 'IDENTITY_FIELD',
          });
        }
        // The password policy of SPEC.md section 5, for new accounts and new passwords alike.
        const field = NEW_PASSWORD_FIELDS[ctx.path];
        if (!field) return Promise.resolve();
        const weakness = describeWeakPassword(typeof body[field] === 'string' ? body[field] : '');
        if (weakness)
          throw new APIError('BAD_REQUEST', { message: weakness, code: 'WEAK_PASSWORD' });
        return Promise.resolve();
      }),
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            const record = user as typeof user & { isAnonymous?: boolean | null };
            if (record.isAnonymous) return { data: { ...user, role: 'guest' } };
            const username = await generateUsername(database, user.email);
            return {
              data: {
                ...user,
                name: plainAccountName(user.name, user.email),
                username: username.toLowerCase(),
                displayUsername: username,
              },
            };
          },
          after: async (user) => {
            // The admin plugin writes its default role after our hook; guests stay guests.
            const record = user as typeof user & { isAnonymous?: boolean | null };
            if (record.isAnonymous) {
              await database.db
                .updateTable('users')
                .set({ role: 'guest' })
                .where('id', '=', user.id)
                .execute();
            }
          },
        },
      },
      session: {
        create: {
          after: async (session) => {
            // SPEC.md section 4: the login fields are merged back at most every 5 minutes.
            const now = new Date();
            const staleBefore = new Date(now.getTime() - LOGIN_MERGE_INTERVAL_MS).toISOString();
            await database.db
              .updateTable('users')
              .set({ lastLogin: now.toISOString() })
              .where('id', '=', session.userId)
              .where((eb) =>
                eb.or([eb('lastLogin', 'is', null), eb('lastLogin', '<', staleBefore)]),
              )
              .execute();
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
