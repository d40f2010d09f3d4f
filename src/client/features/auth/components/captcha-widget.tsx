import type { AltchaWidgetElement } from 'altcha';
import { messages } from '../../../../lib/messages';
import { useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type Ref } from 'react';

export const CAPTCHA_CHALLENGE_URL = '/api/captcha/challenge';

/**
 * The widget's script (about 26 KB compressed, and its start-up work) waits until the visitor
 * first touches, points, types or focuses anything, or this long at most: the form is usable
 * without it, and a phone spends its first seconds on the page itself (issue 9).
 */
export const LOAD_CAPTCHA_AFTER_MS = 3000;
const WAKE_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin'] as const;

export interface CaptchaHandle {
  /** Back to unverified, for a fresh proof after a failed attempt (SPEC.md section 4). */
  reset: () => void;
}

interface CaptchaWidgetProps {
  /** The verified payload, or null whenever the widget is not (or no longer) verified. */
  onChange: (payload: string | null) => void;
  ref?: Ref<CaptchaHandle>;
}

interface StateChangeDetail {
  state?: string;
  payload?: string;
}

/**
 * The self-hosted ALTCHA proof-of-work captcha. The widget's script loads after the page has
 * painted, on the visitor's first interaction (or after LOAD_CAPTCHA_AFTER_MS), so the login form
 * is usable while it arrives; its box is reserved (styles.css) so nothing moves when it does.
 */
export function CaptchaWidget({ onChange, ref }: CaptchaWidgetProps) {
  const elementRef = useRef<AltchaWidgetElement>(null);
  const onChangeRef = useRef(onChange);
  const [loadFailed, setLoadFailed] = useState(false);
  // The element is defined once its script has run; until then its reserved box says so.
  const [defined, setDefined] = useState(() => customElements.get('altcha-widget') !== undefined);

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useImperativeHandle(ref, () => ({
    reset: () => {
      elementRef.current?.reset?.();
      onChangeRef.current(null);
    },
  }));

  useEffect(() => {
    let cancelled = false;
    let timer = 0;
    const stopWaiting = () => {
      window.clearTimeout(timer);
      for (const type of WAKE_EVENTS) window.removeEventListener(type, load, true);
    };
    function load() {
      stopWaiting();
      import('./load-altcha')
        .then(({ loadAltcha }) => loadAltcha())
        .catch(() => {
          if (!cancelled) setLoadFailed(true);
        });
    }
    timer = window.setTimeout(load, LOAD_CAPTCHA_AFTER_MS);
    for (const type of WAKE_EVENTS) {
      window.addEventListener(type, load, { capture: true, passive: true });
    }
    return () => {
      cancelled = true;
      stopWaiting();
    };
  }, []);

  useEffect(() => {
    let live = true;
    void customElements.whenDefined('altcha-widget').then(() => {
      if (live) setDefined(true);
    });
    return () => {
      live = false;
    };
  }, []);

  // Listen from the moment the widget is in the page (a layout effect runs in the same commit),
  // so a state the widget reports before passive effects have run is never missed.
  useLayoutEffect(() => {
    const element = elementRef.current;
    if (!element) return;
    const handleStateChange = (event: Event) => {
      const detail = (event as CustomEvent<StateChangeDetail | undefined>).detail;
      const verified = detail?.state === 'verified' && typeof detail.payload === 'string';
      onChangeRef.current(verified ? (detail.payload ?? null) : null);
    };
    element.addEventListener('statechange', handleStateChange);
    return () => element.removeEventListener('statechange', handleStateChange);
  }, []);

  return (
    <div className="captcha">
      <altcha-widget ref={elementRef} challenge={CAPTCHA_CHALLENGE_URL} />
      {!defined && !loadFailed ? (
        <p className="captcha__loading">{messages.auth.captchaLoading}</p>
      ) : null}
      {loadFailed ? (
        <p className="form-message form-message--error" role="alert">
          {messages.auth.captchaLoadFailed}
        </p>
      ) : null}
    </div>
  );
}
