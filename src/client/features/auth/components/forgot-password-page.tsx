import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../../lib/messages';
import { FormMessage } from '../../../components/form-message';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { requestPasswordReset } from '../api/auth-api';
import { useFormSubmit } from '../hooks/use-form-submit';
import { AuthCard } from './auth-card';
import { EmailField } from './email-field';

/** SPEC.md section 5: the answer never tells whether the address has an account. */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const [email, setEmail] = useState('');
  const { submitting, result, showError, submit } = useFormSubmit();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const trimmedEmail = email.trim();
    if (!trimmedEmail) {
      showError(messages.auth.emailRequired);
      return;
    }
    await submit(() => requestPasswordReset(trimmedEmail), {
      success: messages.auth.resetRequested,
      failure: messages.auth.resetRequestFailed,
    });
  }

  return (
    <AuthCard
      title="Forgot password"
      intro="Lost your way in the hedgerow? Tell us your email and we will send a link to choose a new password."
      links={
        <li>
          <Link to="/login">Back to Login</Link>
        </li>
      }
    >
      <form className="form" noValidate onSubmit={(event) => void handleSubmit(event)}>
        <EmailField value={email} onChange={setEmail} />
        {result ? <FormMessage kind={result.kind}>{result.text}</FormMessage> : null}
        <button type="submit" className="button button--primary" disabled={submitting}>
          Send Reset Link
        </button>
      </form>
    </AuthCard>
  );
}
