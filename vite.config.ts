import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/vite-precompress.js';
import { pwa } from './scripts/vite-pwa.js';

const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  // precompress: name.br and name.gz beside each built asset, served as they are (decision 009).
  // pwa: the web app manifest and the Workbox service worker (issue 26, decision 025).
  plugins: [react(), precompress(), pwa()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // .vite/manifest.json: which chunks each page needs (the page-weight bench reads it).
    manifest: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // React, the router and TanStack Query in one chunk the app always loads, instead of
        // six small ones: on HTTP/1.1 each file costs a request slot (decision 009).
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack)[\\/]/,
            },
            {
              // The message catalogue, the API client and the form parts every sign-in page
              // shares: /login asked for them as seven files of 0.2-7 KB, each with about 1 KB of
              // headers (decision 022). Every page loads the catalogue and the client anyway.
              name: 'app-shared',
              test: /[\\/]src[\\/](lib[\\/]messages\.ts|client[\\/](services[\\/]api-client\.ts|components[\\/]form-(field|message)\.tsx|hooks[\\/]use-submit-guard\.ts|features[\\/]auth[\\/]components[\\/](auth-card|email-field)\.tsx))$/,
            },
            {
              // The small parts the signed-in pages share (a modal, tabs, covers, the card's and
              // the offline queue's API, a few lib helpers): /bingo asked for them as 13 files of
              // 0.5-9 KB, behind its page chunk on a slow link, so its card painted later. One
              // file of about 12 KB instead; /login loads none of it.
              name: 'page-parts',
              // Only these modules: what they import (lib/limits, say, which /login's entry
              // needs too) stays where it was, or /login would load this file.
              includeDependenciesRecursively: false,
              test: /[\\/]src[\\/](lib[\\/](isbn|dates|format)\.ts|client[\\/](components[\\/](modal|tabs|lazy-part|book-cover|load-error|confirm-dialog|star-rating|print-card-links)\.tsx|services[\\/]query-keys\.ts|features[\\/]bingo[\\/](api[\\/](card-api|leaderboard-api)\.ts|book-toast-group\.ts)|features[\\/]season[\\/]api[\\/]season-api\.ts|offline[\\/](placement-queue|use-placement-queue)\.ts))$/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
});
