import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../helpers/test-app';

// Issue 27: liveness and readiness are separate questions. /api/health says the process answers
// and touches nothing outside it; /api/ready says the database answers, and 503 when it does not.

describe('liveness and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers liveness with the database kind', async () => {
    const response = await call(t.app, 'GET', '/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      db: process.env.DATABASE_URL ? 'postgres' : 'sqlite',
    });
  });

  it('answers readiness after a round trip to the database', async () => {
    const response = await call(t.app, 'GET', '/api/ready');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', db: 'ok' });
  });
});

describe('when the database is gone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // The connection (SQLite) or the pool (PostgreSQL) closed under the running app.
    await t.app.deps.database.close();
  });
  afterAll(async () => {
    await t.close().catch(() => undefined);
  });

  it('says not ready (503) while liveness still answers', async () => {
    const ready = await call(t.app, 'GET', '/api/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', db: 'unreachable' });

    const live = await call(t.app, 'GET', '/api/health');
    expect(live.statusCode).toBe(200);
  });
});
