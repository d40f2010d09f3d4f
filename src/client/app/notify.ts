/**
 * Toast helpers (SPEC.md section 8): success and info close after 3 s, errors after 5 s.
 * Pass an id when the same toast may be raised twice in a row (route guards, StrictMode effects):
 * react-toastify shows a toast id only once while it is on screen.
 *
 * react-toastify is loaded on first use, not with the entry chunk: /login must be usable on a small
 * JS budget. Toasts raised before its container has mounted wait
 * for it.
 */
import { createElement } from 'react';
import type * as ToastifyModule from 'react-toastify/unstyled';
import type { ToastOptions } from 'react-toastify/unstyled';
import { TOAST_ERROR_MS, TOAST_INFO_MS, TOAST_SUCCESS_MS } from '../../lib/limits';

type Toastify = typeof ToastifyModule;

let toastify: Promise<Toastify> | null = null;
const loadListeners = new Set<() => void>();

/** Starts loading react-toastify (once) and tells the toast host to mount its container. */
export function loadToastify(): Promise<Toastify> {
  if (!toastify) {
    toastify = import('react-toastify/unstyled');
    loadListeners.forEach((listener) => listener());
  }
  return toastify;
}

let markContainerReady: () => void = () => {};
const containerReady = new Promise<void>((resolve) => {
  markContainerReady = resolve;
});

/**
 * Called by the container once it has mounted. Toasts wait for it: react-toastify's own queue for
 * toasts raised before any container exists is lost when StrictMode remounts the container.
 */
export function signalToastContainerReady(): void {
  markContainerReady();
}

export function isToastifyRequested(): boolean {
  return toastify !== null;
}

export function subscribeToToastifyRequest(listener: () => void): () => void {
  loadListeners.add(listener);
  return () => loadListeners.delete(listener);
}

type Kind = 'success' | 'info' | 'error';

const AUTO_CLOSE: Record<Kind, number> = {
  success: TOAST_SUCCESS_MS,
  info: TOAST_INFO_MS,
  error: TOAST_ERROR_MS,
};

function show(kind: Kind, message: string, toastId?: string): void {
  const options: ToastOptions = { autoClose: AUTO_CLOSE[kind] };
  if (toastId) options.toastId = toastId;
  Promise.all([loadToastify(), containerReady])
    .then(([{ toast }]) => {
      toast[kind](message, options);
    })
    .catch(() => {
      // The chunk failed to load (offline, new deployment): nothing sensible is left to show it with.
    });
}

export function notifySuccess(message: string, toastId?: string): void {
  show('success', message, toastId);
}

export function notifyInfo(message: string, toastId?: string): void {
  show('info', message, toastId);
}

export function notifyError(message: string, toastId?: string): void {
  show('error', message, toastId);
}

/**
 * A sticky error toast with one action button (SPEC.md section 8: the 'Log In' toast). It stays
 * until the reader acts or closes it; the action closes it too.
 */
export function notifyStickyError(
  message: string,
  action: { label: string; onClick: () => void },
  toastId: string,
): void {
  Promise.all([loadToastify(), containerReady])
    .then(([{ toast }]) => {
      toast.error(
        ({ closeToast }) =>
          createElement(
            'div',
            { className: 'toast-action' },
            createElement('span', null, message),
            createElement(
              'button',
              {
                type: 'button',
                className: 'button button--small',
                onClick: () => {
                  closeToast();
                  action.onClick();
                },
              },
              action.label,
            ),
          ),
        { autoClose: false, closeOnClick: false, toastId },
      );
    })
    .catch(() => {
      // As above: without the toast chunk there is nothing to show it with.
    });
}
