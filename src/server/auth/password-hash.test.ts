import {
  hashPassword as betterAuthHash,
  verifyPassword as betterAuthVerify,
} from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { createPasswordHasher, verifyPassword } from './password-hash';

// Decision 026: scrypt on node:crypto; the standard cost is better-auth's own, in its format.

describe('password hashes', () => {
  it("writes better-auth's own format at the standard cost, and each verifies the other's", async () => {
    const standard = createPasswordHasher('standard');
    const ours = await standard.hash('Prickly-Reader-7');
    expect(ours).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await betterAuthVerify({ hash: ours, password: 'Prickly-Reader-7' })).toBe(true);

    const theirs = await betterAuthHash('Prickly-Reader-7');
    expect(await verifyPassword({ hash: theirs, password: 'Prickly-Reader-7' })).toBe(true);
    expect(await verifyPassword({ hash: theirs, password: 'Prickly-Reader-8' })).toBe(false);
  });

  it('writes the fast cost with its parameters, and verifies it under either setting', async () => {
    const hash = await createPasswordHasher('fast').hash('Hedgehog-1');
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$[0-9a-f]{32}\$[0-9a-f]{128}$/);
    expect(await createPasswordHasher('standard').verify({ hash, password: 'Hedgehog-1' })).toBe(
      true,
    );
    expect(await verifyPassword({ hash, password: 'hedgehog-1' })).toBe(false);
  });

  it('salts each hash: one password twice gives two hashes', async () => {
    const fast = createPasswordHasher('fast');
    expect(await fast.hash('Hedgehog-1')).not.toBe(await fast.hash('Hedgehog-1'));
  });

  it('refuses a damaged or foreign hash, and parameters past ours, without running them', async () => {
    const good = await createPasswordHasher('fast').hash('Hedgehog-1');
    const [, , , , salt, key] = good.split('$');
    for (const hash of [
      '',
      'not-a-hash',
      'a:b:c',
      `scrypt$1000$8$1$${salt}$${key}`, // N not a power of two
      `scrypt$1048576$8$1$${salt}$${key}`, // N past 2^17
      `scrypt$1024$64$1$${salt}$${key}`, // r past 32
      `scrypt$1024$8$1$${salt}$${key!.slice(2)}`, // a key too short
      `$2b$10$${'x'.repeat(53)}`, // bcrypt: not ours
    ]) {
      expect(await verifyPassword({ hash, password: 'Hedgehog-1' }), hash).toBe(false);
    }
  });
});

describe('PASSWORD_HASH_COST', () => {
  it('is fast under NODE_ENV=test and standard elsewhere, unless set', () => {
    const base = { AUTH_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp' };
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).passwordHashCost).toBe('fast');
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).passwordHashCost).toBe('standard');
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).passwordHashCost).toBe('standard');
    expect(
      loadConfig({ ...base, NODE_ENV: 'test', PASSWORD_HASH_COST: 'standard' }).passwordHashCost,
    ).toBe('standard');
  });

  it('refuses the fast cost outside the test suites', () => {
    for (const NODE_ENV of ['production', 'development']) {
      const load = () =>
        loadConfig({
          NODE_ENV,
          AUTH_SECRET: 'x'.repeat(32),
          DATA_DIR: '/tmp',
          PASSWORD_HASH_COST: 'fast',
        });
      expect(load).toThrow(ConfigError);
      expect(load).toThrow(
        'Invalid settings:\n  PASSWORD_HASH_COST: fast is for the test suites only (NODE_ENV=test)',
      );
    }
  });
});
