import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { messages } from '../../../../lib/messages';
import { describeWeakPassword } from '../../../../lib/password';
import { TextField } from '../../../components/form-field';
import { FormMessage } from '../../../components/form-message';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { ApiError } from '../../../services/api-client';
import { resetPassword } from '../api/auth-api';

type Result = { kind: 'error' | 'success'; text: string } | null;

/** The page the reset mail links to (`/reset-password?token=...`; DESIGN.md, where we differ). */
export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<Result>(
    token ? null : { kind: 'error', text: messages.auth.resetLinkInvalid },
  );

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting || !token) return;
    const weakness = describeWeakPassword(password);
    if (weakness) {
      setResult({ kind: 'error', text: weakness });
      return;
    }
    setResult(null);
    setSubmitting(true);
    try {
      await resetPassword(password, token);
      setResult({ kind: 'success', text: messages.auth.passwordChanged });
      setPassword('');
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
    <section className="auth-card" aria-labelledby="reset-heading">
      <h1 id="reset-heading">Choose a new password</h1>
      <form className="form" noValidate onSubmit={(event) => void handleSubmit(event)}>
        <TextField
          label="New password"
          type="password"
          name="newPassword"
          autoComplete="new-password"
          required
          disabled={!token}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {result ? <FormMessage kind={result.kind}>{result.text}</FormMessage> : null}
        <button
          type="submit"
          className="button button--primary"
          disabled={submitting || !token || result?.kind === 'success'}
        >
          Save new password
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
