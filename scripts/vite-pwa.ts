// The app as an installable, offline-capable web app (issue 26, decision 025): vite-plugin-pwa
// writes the web app manifest and a Workbox service worker (sw.js) that precaches the app shell
// and its built files. The worker never caches an /api answer: what a reader sees offline comes
// from the app's own store (src/client/offline), which is per reader and cleared at sign-out.
import { VitePWA } from 'vite-plugin-pwa';
import type { PluginOption } from 'vite';

/** Colours from src/client/styles.css: --color-bark (the theme) and --color-cream (the page). */
const THEME_COLOUR = '#5a3e2b';
const BACKGROUND_COLOUR = '#fdf6e9';

export function pwa(): PluginOption {
  return VitePWA({
    // A new version waits until the reader chooses 'Reload to update' (never mid-action), and
    // the app registers the worker itself, after load, from a lazy chunk (src/client/pwa).
    registerType: 'prompt',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    // The icons and favicon are in public/, so the glob below precaches them already.
    includeManifestIcons: false,
    manifest: {
      id: '/bingo',
      name: 'Hedgehog Reading Bingo',
      short_name: 'Hedgehog Bingo',
      description:
        'A playful reading challenge: a 4x4 bingo card of books, points, friends and reviews.',
      start_url: '/bingo',
      scope: '/',
      display: 'standalone',
      theme_color: THEME_COLOUR,
      background_color: BACKGROUND_COLOUR,
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        {
          src: '/icons/icon-maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    },
    workbox: {
      // The app shell and the built files; never source maps, the pre-compressed copies or the
      // server's build notes.
      globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
      globIgnores: ['**/.vite/**'],
      // Every page of the app is index.html (deep links too), from the precache when offline.
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/api\//],
      // No runtimeCaching: /api answers go to the network only, never into the worker's caches.
      runtimeCaching: [],
      cleanupOutdatedCaches: true,
      clientsClaim: false,
      skipWaiting: false,
      sourcemap: false,
    },
  });
}
