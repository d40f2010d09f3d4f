import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../../lib/messages';
import { describeWeakPassword } from '../../../../lib/password';
import { TextField } from '../../../components/form-field';
import { FormMessage } from '../../../components/form-message';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { ApiError } from '../../../services/api-client';
import { signUpWithEmail } from '../api/auth-api';

type Result = { kind: 'error' | 'success'; text: string } | null;

/**
 * SPEC.md section 5: the password policy is checked here first (the message lists exactly the
 * missing parts); success shows a message and stays on the page.
 */
export function RegisterPage() {
  useDocumentTitle('Register');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<Result>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const trimmedEmail = email.trim();
    if (!trimmedEmail || !password) {
      setResult({ kind: 'error', text: messages.auth.emailAndPasswordRequired });
      return;
    }
    const weakness = describeWeakPassword(password);
    if (weakness) {
      setResult({ kind: 'error', text: weakness });
      return;
    }
    setResult(null);
    setSubmitting(true);
    try {
      await signUpWithEmail({ email: trimmedEmail, password });
      setResult({ kind: 'success', text: messages.auth.registerSuccess });
      setEmail('');
      setPassword('');
    } catch (caught) {
      const text =
        caught instanceof ApiError && !caught.isServerFailure
          ? caught.message
          : messages.auth.registerFailed;
      setResult({ kind: 'error', text });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section className="auth-card" aria-labelledby="register-heading">
      <h1 id="register-heading">Register</h1>
      <p className="auth-card__intro">Make yourself a cosy burrow and start your reading bingo.</p>
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
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          hint="At least 6 characters, with a lowercase and an uppercase letter, a number and a special character."
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {result ? <FormMessage kind={result.kind}>{result.text}</FormMessage> : null}
        <button type="submit" className="button button--primary" disabled={submitting}>
          Register
        </button>
      </form>
      <ul className="auth-card__links">
        <li>
          Already have an account? <Link to="/login">Log in</Link>
        </li>
      </ul>
    </section>
  );
}
