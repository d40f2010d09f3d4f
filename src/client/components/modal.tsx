import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Open dialogs, newest last. A dialog may open over another (a confirmation over a form):
 * only the top one answers Escape and keeps Tab inside itself.
 */
const openDialogs: symbol[] = [];

interface ModalProps {
  title: string;
  /** Asked to close: the close button at the top, Escape and the backdrop all call it. */
  onClose: () => void;
  children: ReactNode;
  /** Buttons and links under the body; they stay in view while the body scrolls. */
  footer?: ReactNode;
  /** 'alertdialog' for a question that must be answered (a confirmation). */
  role?: 'dialog' | 'alertdialog';
}

function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M6 6l12 12M18 6L6 18"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}

/**
 * An accessible dialog: a title bar with a Close button, a body that scrolls on its own and a
 * footer that stays in view. Focus moves to the first control of the body on open, Tab and
 * Shift+Tab stay inside, Escape and the backdrop close it, and focus returns to whatever opened
 * it. On a phone it is a sheet along the bottom of the screen. Render it only while it is open.
 */
export function Modal({ title, onClose, children, footer, role = 'dialog' }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const self = Symbol('dialog');
    openDialogs.push(self);
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    const first =
      bodyRef.current?.querySelector<HTMLElement>(FOCUSABLE) ??
      dialog?.querySelector<HTMLElement>(`.modal__footer :is(${FOCUSABLE})`);
    (first ?? dialog)?.focus();

    const handleKeyDown = (event: KeyboardEvent) => {
      if (openDialogs[openDialogs.length - 1] !== self) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !dialog) return;
      const focusable = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
      const firstEl = focusable[0];
      const lastEl = focusable[focusable.length - 1];
      if (!firstEl || !lastEl) {
        event.preventDefault();
        return;
      }
      if (event.shiftKey && document.activeElement === firstEl) {
        event.preventDefault();
        lastEl.focus();
      } else if (!event.shiftKey && document.activeElement === lastEl) {
        event.preventDefault();
        firstEl.focus();
      }
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => {
      document.removeEventListener('keydown', handleKeyDown);
      openDialogs.splice(openDialogs.indexOf(self), 1);
      // Give focus back unless it has moved on (to a dialog opened meanwhile), and only to an
      // opener that is still shown.
      const active = document.activeElement;
      const focusLeftWithUs = !active || active === document.body || dialog?.contains(active);
      if (focusLeftWithUs && opener?.isConnected) opener.focus();
    };
  }, []);

  return createPortal(
    <div
      className="modal__backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className="modal"
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="modal__close" aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        <div ref={bodyRef} className="modal__body">
          {children}
        </div>
        {footer ? <div className="modal__footer">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
