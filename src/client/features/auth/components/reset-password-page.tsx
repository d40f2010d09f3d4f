import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { messages } from '../../../../lib/messages';
import { describeWeakPassword } from '../../../../lib/password';
import { TextField } from '../../../components/form-field';
import { FormMessage } from '../../../components/form-message';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { resetPassword } from '../api/auth-api';
import { useFormSubmit } from '../hooks/use-form-submit';
import { AuthCard } from './auth-card';

/** The page the reset mail links to (`/reset-password?token=...`; DESIGN.md, where we differ). */
export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [password, setPassword] = useState('');
  const { submitting, result, showError, submit } = useFormSubmit(
    token ? null : { kind: 'error', text: messages.auth.resetLinkInvalid },
  );

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting || !token) return;
    const weakness = describeWeakPassword(password);
    if (weakness) {
      showError(weakness);
      return;
    }
    await submit(
      async () => {
        await resetPassword(password, token);
        setPassword('');
      },
      { success: messages.auth.passwordChanged, failure: messages.auth.resetRequestFailed },
    );
  }

  return (
    <AuthCard
      title="Choose a new password"
      links={
        <li>
          <Link to="/login">Back to Login</Link>
        </li>
      }
    >
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
    </AuthCard>
  );
}
