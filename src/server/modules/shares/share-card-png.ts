import { createRequire } from 'node:module';
import path from 'node:path';
import type { ResvgRenderOptions } from '@resvg/resvg-js';
import { Piscina } from 'piscina';
import { messages } from '../../../lib/messages';
import { AppError } from '../../http/errors';
import { CARD_WIDTH } from './share-card-svg';

/**
 * SVG to PNG with resvg (decision 015): a prebuilt binary that npm installs for the platform
 * through optional dependencies, no download at install or run time. resvg draws text only
 * with the fonts it is given, never the machine's own, so the image is the same on every
 * machine and in CI: Nunito and Lora (OFL, as TTF in npm packages), with DejaVu Sans as the
 * fallback for letters they lack (Greek, more of Cyrillic, symbols).
 */
const packageDir = (name: string) =>
  path.dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));

export const SHARE_FONT_FILES = [
  path.join(packageDir('@expo-google-fonts/nunito'), '400Regular', 'Nunito_400Regular.ttf'),
  path.join(packageDir('@expo-google-fonts/nunito'), '700Bold', 'Nunito_700Bold.ttf'),
  path.join(packageDir('@expo-google-fonts/lora'), '400Regular', 'Lora_400Regular.ttf'),
  path.join(packageDir('@expo-google-fonts/lora'), '700Bold', 'Lora_700Bold.ttf'),
  path.join(packageDir('dejavu-fonts-ttf'), 'ttf', 'DejaVuSans.ttf'),
];

const OPTIONS: ResvgRenderOptions = {
  font: {
    loadSystemFonts: false,
    fontFiles: SHARE_FONT_FILES,
    defaultFontFamily: 'Nunito',
    sansSerifFamily: 'Nunito',
    serifFamily: 'Lora',
  },
  fitTo: { mode: 'width', value: CARD_WIDTH },
  logLevel: 'off',
};

/**
 * Draws PNGs from SVG (the shared card, a season's numbers, a Year in Review) on a few worker
 * threads (decision 032), never on the event loop: resvg's fonts, layout, pixels and PNG
 * encoding all run there, so other requests are answered while images are drawn. At most
 * `threads + queueMax` renders are in flight per instance; past them, 503 with Retry-After.
 */
export interface PngRenderer {
  /** The SVG as PNG; a 503 AppError when the queue is full or the pool is closed. */
  render(svg: string): Promise<Buffer>;
  /** Renders drawing or waiting now. */
  inFlight(): number;
  /** Renders the threads have finished (a test checks that the routes draw through the pool). */
  completed(): number;
  /** Lets running renders finish (5 s at most), refuses queued ones, ends the threads. */
  close(): Promise<void>;
}

export interface PngRendererOptions {
  /** Threads that draw (PNG_WORKERS). */
  threads: number;
  /** Renders that may wait for a free thread (PNG_QUEUE_MAX). */
  queueMax: number;
  /** Where the pool's own errors go (a thread that cannot start). */
  onError?: (error: unknown) => void;
}

/** Seconds a refused render's client is asked to wait (Retry-After). */
export const PNG_RETRY_AFTER_S = 5;
/** A thread unused this long ends; the next render starts one again (about 0.3-1 s). */
const IDLE_MS = 5 * 60_000;
/**
 * Render threads run at a lower priority (nice +5, through piscina's optional @napi-rs/nice):
 * when both cores are busy, the event loop's requests get the CPU before an image.
 */
const NICE_INCREMENT = 5;
/**
 * A render not finished by then (waiting included) is aborted, its thread ended, and its request
 * answered 503 as when the queue is full.
 */
const RENDER_TIMEOUT_MS = 30_000;
/** app.close() waits this long for renders still drawing. */
const CLOSE_TIMEOUT_MS = 5_000;

const WORKER_FILE = new URL('./share-card-png.worker.mjs', import.meta.url).href;

const busy = () => new AppError(503, 'IMAGES_BUSY', messages.pngImages.busy, PNG_RETRY_AFTER_S);

export function createPngRenderer(options: PngRendererOptions): PngRenderer {
  const capacity = options.threads + options.queueMax;
  const pool = new Piscina<{ svg: string; options: ResvgRenderOptions }, Uint8Array>({
    filename: WORKER_FILE,
    // Plain Node in the threads: the worker is JavaScript, it needs neither tsx nor Vitest's flags.
    execArgv: [],
    // Between tasks a thread turns its event loop, where resvg's memory is freed (the worker).
    atomics: 'disabled',
    minThreads: 0,
    maxThreads: options.threads,
    // Our own count below refuses first; piscina's bound is a second fence.
    maxQueue: capacity,
    idleTimeout: IDLE_MS,
    niceIncrement: NICE_INCREMENT,
    closeTimeout: CLOSE_TIMEOUT_MS,
  });
  // Without a listener an 'error' event would throw (a thread that fails to start, a close that
  // times out); the render waiting on it ends by RENDER_TIMEOUT_MS.
  pool.on('error', (error) => options.onError?.(error));
  let inFlight = 0;
  let closed = false;
  return {
    render(svg) {
      if (closed || inFlight >= capacity) return Promise.reject(busy());
      inFlight += 1;
      const signal = AbortSignal.timeout(RENDER_TIMEOUT_MS);
      return pool
        .run({ svg, options: OPTIONS }, { signal })
        .then(
          (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          (error: unknown) => {
            // Not drawn in time, waiting included: the instance is too busy; come back later.
            throw signal.aborted ? busy() : error;
          },
        )
        .finally(() => {
          inFlight -= 1;
        });
    },
    inFlight: () => inFlight,
    completed: () => pool.completed,
    async close() {
      closed = true;
      await pool.close({ force: true });
    },
  };
}
