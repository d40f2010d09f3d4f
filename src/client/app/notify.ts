/**
 * Toast helpers (SPEC.md section 8): success and info close after 3 s, errors after 5 s.
 * Pass an id when the same toast may be raised twice in a row (route guards, StrictMode effects):
 * react-toastify shows a toast id only once while it is on screen. At most TOASTS_AT_ONCE are on
 * screen (issue 9); related messages may share one toast (notifySuccessInGroup).
 *
 * react-toastify is loaded on first use, not with the entry chunk: /login must be usable on a small
 * JS budget. Toasts raised before its container has mounted wait
 * for it.
 */
import { createElement } from 'react';
import type * as ToastifyModule from 'react-toastify/unstyled';
import type { ToastContent, ToastOptions } from 'react-toastify/unstyled';
import { TOAST_ERROR_MS, TOAST_INFO_MS, TOAST_SUCCESS_MS, TOASTS_AT_ONCE } from '../../lib/limits';

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

type Toast = Toastify['toast'];

/** Toasts raised here that may be on screen, oldest first; sticky ones are never pushed out. */
let onScreen: { id: string; sticky: boolean }[] = [];
let toastCount = 0;

/**
 * At most TOASTS_AT_ONCE toasts (issue 9): a new one pushes out the oldest that is not sticky,
 * so the answer to what the reader just did shows at once. An id already on screen is shown
 * once (react-toastify ignores it), so it pushes nothing out.
 */
function present(
  toast: Toast,
  kind: Kind,
  content: ToastContent,
  options: ToastOptions & { toastId?: string },
): void {
  const id = options.toastId ?? `toast:${(toastCount += 1)}`;
  if (toast.isActive(id)) return;
  onScreen = onScreen.filter((shown) => toast.isActive(shown.id));
  const sticky = options.autoClose === false;
  while (onScreen.length >= TOASTS_AT_ONCE) {
    const oldest = onScreen.find((shown) => !shown.sticky);
    if (!oldest) break;
    onScreen = onScreen.filter((shown) => shown !== oldest);
    toast.dismiss(oldest.id);
  }
  onScreen.push({ id, sticky });
  toast[kind](content, { ...options, toastId: id });
}

function withToastify(use: (toast: Toast) => void): void {
  Promise.all([loadToastify(), containerReady])
    .then(([{ toast }]) => use(toast))
    .catch(() => {
      // The chunk failed to load (offline, new deployment): nothing sensible is left to show it with.
    });
}

function show(kind: Kind, message: string, toastId?: string): void {
  withToastify((toast) => {
    present(toast, kind, message, { autoClose: AUTO_CLOSE[kind], toastId });
  });
}

export function notifySuccess(message: string, toastId?: string): void {
  show('success', message, toastId);
}

interface Group {
  toastId: string;
  lines: string[];
}

const groups = new Map<string, Group>();
let groupCount = 0;

/** One line per message, so each can be read (and found) on its own. */
function groupContent(lines: readonly string[]): ToastContent {
  if (lines.length === 1) return lines[0];
  return createElement(
    'span',
    { className: 'toast-lines' },
    lines.map((line, index) =>
      createElement('span', { key: index, className: 'toast-line' }, line),
    ),
  );
}

/**
 * A success that belongs with others of its `group` (issue 9: the points of a placement and the
 * review of that book). While the group's toast is on screen, the message joins it as a new line
 * and its timer starts again; otherwise it opens a new toast for the group.
 */
export function notifySuccessInGroup(group: string, message: string): void {
  withToastify((toast) => {
    const open = groups.get(group);
    if (open && toast.isActive(open.toastId)) {
      open.lines = [...open.lines, message];
      toast.update(open.toastId, {
        render: groupContent(open.lines),
        autoClose: TOAST_SUCCESS_MS,
        delay: 0,
      });
      return;
    }
    groupCount += 1;
    const joined: Group = { toastId: `group:${group}:${groupCount}`, lines: [message] };
    groups.set(group, joined);
    present(toast, 'success', groupContent(joined.lines), {
      toastId: joined.toastId,
      autoClose: TOAST_SUCCESS_MS,
      onClose: () => {
        if (groups.get(group) === joined) groups.delete(group);
      },
    });
  });
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
  withToastify((toast) => {
    present(
      toast,
      'error',
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
  });
}
