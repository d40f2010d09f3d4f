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

// The service worker (issue 26): registered after load, from its own chunk, so no page's first
// paint or first input waits for it; only in a build (the dev server has no worker).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    void import('./pwa/register-worker').then((worker) => worker.registerWorker());
  });
}
