import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { messages } from '../../../../lib/messages';
import { TextField } from '../../../components/form-field';
import { FormMessage } from '../../../components/form-message';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useSubmitGuard } from '../../../hooks/use-submit-guard';
import { ApiError } from '../../../services/api-client';
import { signInAsGuest, signInWithEmail } from '../api/auth-api';
import { useRefreshSession } from '../hooks/use-refresh-session';
import { AuthCard } from './auth-card';
import { CaptchaWidget, type CaptchaHandle } from './captcha-widget';
import { EmailField } from './email-field';

type LoginStatus = 'idle' | 'submitting' | 'guest';

/**
 * SPEC.md sections 2, 4 and 5: email, password and captcha; Login stays disabled until the captcha
 * is solved; a failure resets the captcha and reveals the Forgot Password link.
 */
export function LoginPage() {
  useDocumentTitle('Log in');
  const navigate = useNavigate();
  const refreshSession = useRefreshSession();
  const captchaRef = useRef<CaptchaHandle>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [captchaPayload, setCaptchaPayload] = useState<string | null>(null);
  const [status, setStatus] = useState<LoginStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const [hadError, setHadError] = useState(false);
  // Login and Continue as Guest: one sign-in at a time, even for an instant double click.
  const signingIn = useSubmitGuard();

  function showError(message: string) {
    setError(message);
    setHadError(true);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status !== 'idle') return;
    const trimmedEmail = email.trim();
    if (!trimmedEmail || !password) {
      showError(messages.auth.emailAndPasswordRequired);
      return;
    }
    if (!captchaPayload) {
      showError(messages.auth.captchaRequired);
      return;
    }
    await signingIn.run(async () => {
      setError(null);
      setStatus('submitting');
      try {
        await signInWithEmail({ email: trimmedEmail, password }, captchaPayload);
        await refreshSession();
        await navigate('/bingo', { replace: true });
      } catch (caught) {
        showError(caught instanceof ApiError ? caught.message : messages.auth.invalidCredentials);
        // A captcha proof is good for one attempt: ask for a fresh one.
        captchaRef.current?.reset();
        setStatus('idle');
      }
    });
  }

  async function handleGuest() {
    if (status !== 'idle') return;
    await signingIn.run(async () => {
      setError(null);
      setStatus('guest');
      try {
        await signInAsGuest();
        await refreshSession();
        await navigate('/bingo', { replace: true });
      } catch {
        showError(messages.auth.guestFailed);
        setStatus('idle');
      }
    });
  }

  const busy = status !== 'idle';

  return (
    <AuthCard
      title="Log in"
      intro="Welcome back, bookworm! Curl up and pick up where you left off."
      links={
        <>
          {hadError ? (
            <li>
              <Link to="/forgot-password">Forgot Password</Link>
            </li>
          ) : null}
          <li>
            New here? <Link to="/register">Register</Link>
          </li>
        </>
      }
    >
      <form className="form" noValidate onSubmit={(event) => void handleSubmit(event)}>
        <EmailField value={email} onChange={setEmail} />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <CaptchaWidget ref={captchaRef} onChange={setCaptchaPayload} />
        {error ? <FormMessage kind="error">{error}</FormMessage> : null}
        <button type="submit" className="button button--primary" disabled={!captchaPayload || busy}>
          {status === 'submitting' ? messages.auth.loggingIn : 'Login'}
        </button>
      </form>
      <button
        type="button"
        className="button button--secondary"
        disabled={busy}
        onClick={() => void handleGuest()}
      >
        Continue as Guest
      </button>
    </AuthCard>
  );
}
