import { createChallenge, randomInt, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { verify } from 'altcha-lib/frameworks/shared';
import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

const CHALLENGE_TTL_MS = 10 * 60_000;
/** The solver tries counters from 0 up to one in this range, each costing `cost` PBKDF2 rounds. */
const COUNTER_MIN = 500;
const COUNTER_MAX = 1500;

export interface Captcha {
  createChallenge(): Promise<Challenge>;
  /** True only for a valid, unexpired solution that has not been used before. */
  verify(payload: string | undefined): Promise<boolean>;
}

/**
 * Our own proof-of-work captcha (ALTCHA): challenges are HMAC-signed, so the server keeps no
 * state until a solution arrives; used solutions are recorded in the database so one solution
 * signs in once, on any API instance.
 */
export function createCaptcha(db: Kysely<Database>, secret: string, cost: number): Captcha {
  const hmacSignatureSecret = createHmac('sha256', secret)
    .update('captcha-signature')
    .digest('hex');
  const hmacKeySignatureSecret = createHmac('sha256', secret).update('captcha-key').digest('hex');

  const usedSolutions = {
    async setIfAbsent(id: string): Promise<boolean> {
      const now = new Date();
      await db.deleteFrom('captchaSolutions').where('expiresAt', '<', now.toISOString()).execute();
      const result = await db
        .insertInto('captchaSolutions')
        .values({
          signature: id,
          expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS).toISOString(),
        })
        .onConflict((oc) => oc.column('signature').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },
    get: () => Promise.resolve(undefined),
    set: () => Promise.resolve(),
  };

  return {
    createChallenge: () =>
      createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost,
        counter: randomInt(COUNTER_MIN, COUNTER_MAX),
        deriveKey,
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      }),
    async verify(payload) {
      if (!payload) return false;
      const result = await verify(
        payload,
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
        usedSolutions,
      );
      return result.error === null;
    },
  };
}
