import type { AltchaWidgetElement } from 'altcha';
import { useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type Ref } from 'react';

export const CAPTCHA_CHALLENGE_URL = '/api/captcha/challenge';

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
 * painted, so the login form is usable while it arrives.
 */
export function CaptchaWidget({ onChange, ref }: CaptchaWidgetProps) {
  const elementRef = useRef<AltchaWidgetElement>(null);
  const onChangeRef = useRef(onChange);
  const [loadFailed, setLoadFailed] = useState(false);

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
    import('./load-altcha')
      .then(({ loadAltcha }) => loadAltcha())
      .catch(() => {
        if (!cancelled) setLoadFailed(true);
      });
    return () => {
      cancelled = true;
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
      {loadFailed ? (
        <p className="form-message form-message--error" role="alert">
          The captcha could not load. Please refresh the page.
        </p>
      ) : null}
    </div>
  );
}
