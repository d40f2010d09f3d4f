// A render thread of the PNG pool (share-card-png.ts, decision 032): one SVG in, its PNG out.
// Plain JavaScript on purpose: Node 20 workers do not inherit tsx's loader, and this file, the
// same under `npm start`, Vitest and the bench, needs none. It draws with resvg's synchronous
// API, the whole of the work (fonts, layout, pixels and the PNG encoding) on this thread.
import { Resvg } from '@resvg/resvg-js';

/**
 * @param {{ svg: string, options: import('@resvg/resvg-js').ResvgRenderOptions }} task
 * @returns {Buffer} the PNG; it reaches the main thread as a Uint8Array (a copy, about 100 KB)
 */
export default function drawPng({ svg, options }) {
  return new Resvg(svg, options).render().asPng();
}
