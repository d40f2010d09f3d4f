// First: zod must run without eval before any schema exists (see the module).
import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { App } from './app/app';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker (issue 26): it precaches the whole built app (about 1 MB) for offline use,
// which a first visit on a slow phone and network should not pay for while the page it asked for
// is still loading. So it is registered from its own chunk once the page has loaded, then sat
// idle for WORKER_DELAY_MS; only in a build (the dev server has no worker).
const WORKER_DELAY_MS = 5_000;

function whenIdle(callback: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(callback, { timeout: 5_000 });
  else setTimeout(callback, 0);
}

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    setTimeout(
      () =>
        whenIdle(() => {
          void import('./pwa/register-worker').then((worker) => worker.registerWorker());
        }),
      WORKER_DELAY_MS,
    );
  });
}
