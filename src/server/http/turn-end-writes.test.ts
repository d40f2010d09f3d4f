import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerTurnEndWrites } from './turn-end-writes';

describe('answers written at the end of the turn', () => {
  let app: FastifyInstance | undefined;
  afterEach(() => app?.close());

  /** What each answer's Node response had done by the time its handler's turn went on. */
  async function appWith(routes: (app: FastifyInstance, seen: string[]) => void) {
    const seen: string[] = [];
    app = Fastify();
    registerTurnEndWrites(app);
    routes(app, seen);
    await app.ready();
    return { app, seen };
  }

  it('writes an answer after the code that sent it has finished its turn', async () => {
    const { app, seen } = await appWith((app, seen) => {
      app.get('/', (_request, reply) => {
        void reply.send({ ok: true });
        seen.push(reply.raw.writableEnded ? 'written at once' : 'waiting');
        return reply;
      });
    });
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(seen).toEqual(['waiting']);
  });

  it('writes every answer of a turn, in the order they were sent', async () => {
    const written: string[] = [];
    const { app } = await appWith((app) => {
      app.get('/:name', (request, reply) => {
        const { name } = request.params as { name: string };
        reply.raw.once('finish', () => written.push(name));
        return { name };
      });
    });
    const answers = await Promise.all(
      ['a', 'b', 'c'].map((name) => app.inject({ method: 'GET', url: `/${name}` })),
    );
    expect(answers.map((a) => a.json<{ name: string }>().name)).toEqual(['a', 'b', 'c']);
    expect(written).toEqual(['a', 'b', 'c']);
  });

  it('answers the error when a write fails, and still writes the turn’s other answers', async () => {
    const { app } = await appWith((app) => {
      // Node refuses a header value with a line break when the head is written.
      app.get('/broken', (_request, reply) => reply.header('x-broken', 'a\nb').send({ ok: 1 }));
      app.get('/fine', () => ({ ok: 2 }));
    });
    const [broken, fine] = await Promise.all([
      app.inject({ method: 'GET', url: '/broken' }),
      app.inject({ method: 'GET', url: '/fine' }),
    ]);
    expect(broken.statusCode).toBe(500);
    expect(broken.headers['x-broken']).toBeUndefined();
    expect(fine.statusCode).toBe(200);
    expect(fine.json()).toEqual({ ok: 2 });
  });
});
