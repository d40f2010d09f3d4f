import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../../lib/messages';
import { TextField } from '../../../components/form-field';
import { FormMessage } from '../../../components/form-message';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { ApiError } from '../../../services/api-client';
import { requestPasswordReset } from '../api/auth-api';

type Result = { kind: 'error' | 'success'; text: string } | null;

/** SPEC.md section 5: the answer never tells whether the address has an account. */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const [email, setEmail] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<Result>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const trimmedEmail = email.trim();
    if (!trimmedEmail) {
      setResult({ kind: 'error', text: 'Please enter your email address.' });
      return;
    }
    setResult(null);
    setSubmitting(true);
    try {
      await requestPasswordReset(trimmedEmail);
      setResult({ kind: 'success', text: messages.auth.resetRequested });
    } catch (caught) {
      const text =
        caught instanceof ApiError && !caught.isServerFailure
          ? caught.message
          : messages.auth.resetRequestFailed;
      setResult({ kind: 'error', text });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section className="auth-card" aria-labelledby="forgot-heading">
      <h1 id="forgot-heading">Forgot password</h1>
      <p className="auth-card__intro">
        Lost your way in the hedgerow? Tell us your email and we will send a link to choose a new
        password.
      </p>
      <form className="form" noValidate onSubmit={(event) => void handleSubmit(event)}>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        {result ? <FormMessage kind={result.kind}>{result.text}</FormMessage> : null}
        <button type="submit" className="button button--primary" disabled={submitting}>
          Send Reset Link
        </button>
      </form>
      <ul className="auth-card__links">
        <li>
          <Link to="/login">Back to Login</Link>
        </li>
      </ul>
    </section>
  );
}
