/**
 * Registers the service worker (issue 26, decision 025). Loaded lazily after the page's load
 * event (main.tsx), so no page, /login included, waits for it. A new version installs in the
 * background and waits; the reader is asked to 'Reload to update' and the app never reloads by
 * itself mid-action.
 */
import { createRoot, type Root } from 'react-dom/client';
import { Workbox } from 'workbox-window';
import { UpdatePrompt } from './update-prompt';

let prompt: { root: Root; host: HTMLElement } | null = null;

function closePrompt(): void {
  if (!prompt) return;
  prompt.root.unmount();
  prompt.host.remove();
  prompt = null;
}

/** Shows the prompt (once); `onReload` is what the reader's choice to update does. */
export function showUpdatePrompt(onReload: () => void): void {
  if (prompt) return;
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  prompt = { root, host };
  root.render(
    <UpdatePrompt
      onReload={() => {
        closePrompt();
        onReload();
      }}
      onLater={closePrompt}
    />,
  );
}

export function registerWorker(scriptUrl = '/sw.js'): Workbox | null {
  if (!('serviceWorker' in navigator)) return null;
  const workbox = new Workbox(scriptUrl, { scope: '/' });
  workbox.addEventListener('waiting', () => {
    showUpdatePrompt(() => {
      // The new worker takes over, then the page reloads once under it.
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });
  void workbox.register();
  return workbox;
}
