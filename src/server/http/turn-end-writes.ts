import type { FastifyInstance, onSendHookHandler } from 'fastify';

type Continue = Parameters<onSendHookHandler>[3];

/**
 * Answers worked out in one turn of the event loop leave together at its end (issue 10).
 *
 * On one machine (a reverse proxy in front of the app, or the load bench's client) every
 * answer written to a sleeping reader wakes it, and the writer pays for the wake-up inside its
 * `writev`: on our VMs an interrupt to the other CPU, which the load profile charged at up to
 * half of a small answer's cost. Written one after another at the end of the turn, only the
 * first answer of the turn finds the reader asleep; the rest reach it awake. An answer waits at
 * most for the rest of its turn's requests to be worked out (microseconds each), never for I/O.
 *
 * Register it after the app-wide onSend hooks that change the payload (the frozen answers'
 * kept bytes), so their work is done before the wait. Hooks attached to a route run after every
 * app-wide one: @fastify/compress's check, and its compression of an answer that is not kept,
 * come after the wait, just before that answer's write.
 */
export function registerTurnEndWrites(app: FastifyInstance): void {
  let waiting: { next: Continue; payload: unknown }[] = [];
  const writeAll = () => {
    const turn = waiting;
    waiting = [];
    for (const { next, payload } of turn) {
      try {
        next(null, payload);
      } catch (error) {
        // What Fastify does when a write throws inside an onSend hook: the reply answers the
        // error instead. One answer's failure never keeps the others of its turn from leaving.
        try {
          next(error as Error);
        } catch (again) {
          app.log.error({ err: again }, 'an answer could not be written');
        }
      }
    }
  };
  app.addHook('onSend', (_request, _reply, payload, next) => {
    if (waiting.length === 0) setImmediate(writeAll);
    waiting.push({ next, payload });
  });
}
