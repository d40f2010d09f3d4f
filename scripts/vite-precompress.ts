// A Vite plugin of our own: after the build, writes name.br and name.gz beside every text asset,
// compressed once at the highest levels, so the server (@fastify/static preCompressed) sends
// them as they are instead of compressing on every request (decision 009).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { constants, brotliCompressSync, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files smaller than this travel as they are (the API's threshold too). */
export const PRECOMPRESS_MIN_BYTES = 1024;
/** Text that compresses; source maps stay out (only developer tools fetch them). */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|json|svg|txt|xml|webmanifest)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside each compressible file of `dir` of at least
 * PRECOMPRESS_MIN_BYTES, keeping a variant only when it is smaller. Returns the files compressed.
 */
export function precompressDirectory(dir: string): string[] {
  const done: string[] = [];
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < PRECOMPRESS_MIN_BYTES) continue;
    const content = readFileSync(file);
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gzip = gzipSync(content, { level: constants.Z_BEST_COMPRESSION });
    if (brotli.length < content.length) writeFileSync(`${file}.br`, brotli);
    if (gzip.length < content.length) writeFileSync(`${file}.gz`, gzip);
    done.push(file);
  }
  return done;
}

/** Pre-compresses the build output once Vite has written it (production builds only). */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'hedgehog-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDirectory(outDir);
    },
  };
}
