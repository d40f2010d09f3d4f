import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'bingo-config-'));

describe('loadConfig', () => {
  it('runs on SQLite with defaults and a generated secret that survives restarts', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.database).toEqual({ kind: 'sqlite', path: path.join(dir, 'bingo.sqlite') });
    expect(first.port).toBe(3000);
    expect(first.appUrl).toBe('http://localhost:3000');
    expect(first.seedDemo).toBe(true);
    expect(first.authSecret).toHaveLength(64);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first.authSecret);
  });

  it('reads RATE_LIMIT_SCALE: 1 by default, a multiplier, 0 to lift the limits, never negative', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).rateLimitScale).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir(), RATE_LIMIT_SCALE: '2.5' }).rateLimitScale).toBe(2.5);
    expect(loadConfig({ DATA_DIR: dataDir(), RATE_LIMIT_SCALE: '0' }).rateLimitScale).toBe(0);
    expect(() => loadConfig({ DATA_DIR: dataDir(), RATE_LIMIT_SCALE: '-1' })).toThrow(
      /RATE_LIMIT_SCALE:/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), RATE_LIMIT_SCALE: 'lots' })).toThrow(
      /RATE_LIMIT_SCALE:/,
    );
  });

  it('reads TRUST_PROXY as the proxies in front: true is one hop, never every hop', () => {
    const trust = (value?: string) =>
      loadConfig({ DATA_DIR: dataDir(), ...(value === undefined ? {} : { TRUST_PROXY: value }) })
        .trustProxy;
    expect(trust()).toBe(false);
    expect(trust('false')).toBe(false);
    // Trusting every hop would take the address from the left of X-Forwarded-For, which the
    // client writes: one hop takes the entry our own proxy appended.
    expect(trust('true')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.1, 10.0.0.0/8')).toEqual(['10.0.0.1', '10.0.0.0/8']);
    expect(trust('loopback')).toEqual(['loopback']);
    expect(() => trust('everyone')).toThrow(/TRUST_PROXY:/);
    expect(() => trust('0')).toThrow(/TRUST_PROXY:/);
  });

  it('seeds the demo accounts (their passwords are in the code) only where no one else can reach them', () => {
    const seeds = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: dataDir(), ...env }).seedDemo;
    expect(seeds({})).toBe(true);
    expect(seeds({ HOST: 'localhost' })).toBe(true);
    expect(seeds({ HOST: '::1' })).toBe(true);
    // A server others can reach, with NODE_ENV forgotten: no known admin password.
    expect(seeds({ HOST: '0.0.0.0' })).toBe(false);
    expect(seeds({ HOST: '10.0.0.11' })).toBe(false);
    expect(seeds({ HOST: '0.0.0.0', SEED_DEMO: 'true' })).toBe(true);
    expect(seeds({ SEED_DEMO: 'false' })).toBe(false);
  });

  it('seeds the demo community with the accounts, except with SEED_DEMO=accounts and in production', () => {
    const seeds = (env: Record<string, string>) => {
      const config = loadConfig({ DATA_DIR: dataDir(), AUTH_SECRET: 's'.repeat(40), ...env });
      return [config.seedDemo, config.seedCommunity];
    };
    expect(seeds({})).toEqual([true, true]);
    expect(seeds({ SEED_DEMO: 'true' })).toEqual([true, true]);
    expect(seeds({ SEED_DEMO: 'accounts' })).toEqual([true, false]);
    expect(seeds({ SEED_DEMO: 'false' })).toEqual([false, false]);
    expect(seeds({ HOST: '0.0.0.0' })).toEqual([false, false]);
    expect(seeds({ NODE_ENV: 'production' })).toEqual([false, false]);
    // Asked for in production: the accounts as before, never the community.
    expect(seeds({ NODE_ENV: 'production', SEED_DEMO: 'true' })).toEqual([true, false]);
    expect(() => seeds({ SEED_DEMO: 'lots' })).toThrow(/SEED_DEMO:/);
  });

  it('switches to PostgreSQL with DATABASE_URL', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u@h:5432/db' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@h:5432/db' });
  });

  it('stops with a message naming every bad setting', () => {
    const load = () =>
      loadConfig({ DATA_DIR: dataDir(), PORT: 'abc', DATABASE_URL: 'mysql://x', SMTP_URL: 'x' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/PORT:/);
    expect(load).toThrow(/DATABASE_URL: must start with postgres:\/\//);
    expect(load).toThrow(/SMTP_URL: must start with smtp:\/\//);
  });

  it('requires a secret in production and seeds no demo accounts there by default', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(
      /AUTH_SECRET: required when NODE_ENV=production/,
    );
    const config = loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 's'.repeat(40) });
    expect(config.seedDemo).toBe(false);
  });

  it('keeps the SQLite file in DATA_DIR unless SQLITE_PATH names another', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 's'.repeat(40) };
    expect(loadConfig(production).database).toEqual({ kind: 'sqlite', path: 'data/bingo.sqlite' });
    expect(loadConfig({ ...production, DATA_DIR: '/srv/bingo' }).database).toEqual({
      kind: 'sqlite',
      path: '/srv/bingo/bingo.sqlite',
    });
    expect(
      loadConfig({ ...production, DATA_DIR: '/srv/bingo', SQLITE_PATH: '/fast/bingo.db' }).database,
    ).toEqual({ kind: 'sqlite', path: '/fast/bingo.db' });
  });

  it('treats blank values as unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: '  ', SMTP_URL: '' }).port).toBe(3000);
  });
});
