// A render thread of the PNG pool (share-card-png.ts, decision 032): one SVG in, its PNG out.
// Plain JavaScript on purpose: Node 20 workers do not inherit tsx's loader, and this file, the
// same under `npm start`, Vitest and the bench, needs none. It draws with resvg's synchronous
// API, the whole of the work (fonts, layout, pixels and the PNG encoding) on this thread.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Resvg } from '@resvg/resvg-js';

// resvg's objects hold megabytes of native memory (the pixels) behind small JavaScript objects,
// so this thread's heap never grows enough for V8 to collect them: 300 cards in a row took the
// process from 100 MB to 1.3 GB. A young-generation collection after each render (2-4 ms, once
// the answer has left) frees them; their finalizers then run on this thread's event loop, which
// is why the pool runs with `atomics: 'disabled'` (piscina's default waits on Atomics between
// tasks and never turns the loop).
setFlagsFromString('--expose-gc');
/** @type {(options: { type: 'minor' | 'major' }) => void} */
const collect = runInNewContext('gc');

/**
 * @param {{ svg: string, options: import('@resvg/resvg-js').ResvgRenderOptions }} task
 * @returns {Buffer} the PNG; it reaches the main thread as a Uint8Array (a copy, about 100 KB)
 */
export default function drawPng({ svg, options }) {
  const png = new Resvg(svg, options).render().asPng();
  setImmediate(() => collect({ type: 'minor' }));
  return png;
}
