import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashes (decision 026). scrypt through node:crypto, in libuv's thread pool, so a
 * sign-in never holds the event loop.
 *
 * - `standard` (every server but a test one): better-auth's own cost and format (N=16384,
 *   r=16, p=1, a 64-byte key, written `salt:key` in hex), so every hash better-auth wrote
 *   before still verifies and a hash written here verifies in better-auth.
 * - `fast` (NODE_ENV=test only, config.ts refuses it elsewhere): a cost 32 times lower, for the
 *   thousands of readers the test suites sign up and in (two hashes each: 0.4 s of CPU at the
 *   standard cost). Its hashes carry their parameters (`scrypt$N$r$p$salt$key`), so a hash of
 *   either kind verifies under either setting.
 */
export type PasswordHashCost = 'standard' | 'fast';

interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

const KEY_BYTES = 64;
const COSTS: Record<PasswordHashCost, ScryptCost> = {
  standard: { N: 16384, r: 16, p: 1 },
  fast: { N: 1024, r: 8, p: 1 },
};
/** Parameters past these are not ours: refused rather than run (a planted hash cannot stall us). */
const MOST = { N: 1 << 17, r: 32, p: 4 };

function deriveKey(password: string, salt: string, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_BYTES,
      { ...cost, maxmem: 128 * cost.N * cost.r * cost.p * 2 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** The cost and parts of a stored hash, or null when it is not one of ours. */
function parse(hash: string): { cost: ScryptCost; salt: string; key: Buffer } | null {
  const parts = hash.split('$');
  if (parts.length === 6 && parts[0] === 'scrypt') {
    const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
    const valid =
      Number.isInteger(N) &&
      N > 1 &&
      (N & (N - 1)) === 0 &&
      N <= MOST.N &&
      Number.isInteger(r) &&
      r >= 1 &&
      r <= MOST.r &&
      Number.isInteger(p) &&
      p >= 1 &&
      p <= MOST.p;
    return valid && parts[4] && parts[5]
      ? { cost: { N, r, p }, salt: parts[4], key: Buffer.from(parts[5], 'hex') }
      : null;
  }
  const [salt, key, extra] = hash.split(':');
  return salt && key && extra === undefined
    ? { cost: COSTS.standard, salt, key: Buffer.from(key, 'hex') }
    : null;
}

/** Whether `password` is the one `hash` was made from, whichever cost made it. */
export async function verifyPassword({
  hash,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  const stored = parse(hash);
  if (!stored || stored.key.length !== KEY_BYTES) return false;
  const key = await deriveKey(password, stored.salt, stored.cost);
  return timingSafeEqual(key, stored.key);
}

/** better-auth's `emailAndPassword.password`: new hashes at `costName`, any of ours verified. */
export function createPasswordHasher(costName: PasswordHashCost) {
  const cost = COSTS[costName];
  return {
    async hash(password: string): Promise<string> {
      const salt = randomBytes(16).toString('hex');
      const key = (await deriveKey(password, salt, cost)).toString('hex');
      return costName === 'standard'
        ? `${salt}:${key}`
        : `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt}$${key}`;
    },
    verify: verifyPassword,
  };
}

export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
