import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../../lib/messages';
import { describeWeakPassword } from '../../../../lib/password';
import { TextField } from '../../../components/form-field';
import { FormMessage } from '../../../components/form-message';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { signUpWithEmail } from '../api/auth-api';
import { useFormSubmit } from '../hooks/use-form-submit';
import { AuthCard } from './auth-card';
import { EmailField } from './email-field';

/**
 * SPEC.md section 5: the password policy is checked here first (the message lists exactly the
 * missing parts); success shows a message and stays on the page.
 */
export function RegisterPage() {
  useDocumentTitle('Register');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { submitting, result, showError, submit } = useFormSubmit();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const trimmedEmail = email.trim();
    if (!trimmedEmail || !password) {
      showError(messages.auth.emailAndPasswordRequired);
      return;
    }
    const weakness = describeWeakPassword(password);
    if (weakness) {
      showError(weakness);
      return;
    }
    await submit(
      async () => {
        await signUpWithEmail({ email: trimmedEmail, password });
        setEmail('');
        setPassword('');
      },
      { success: messages.auth.registerSuccess, failure: messages.auth.registerFailed },
    );
  }

  return (
    <AuthCard
      title="Register"
      intro="Make yourself a cosy burrow and start your reading bingo."
      links={
        <li>
          Already have an account? <Link to="/login">Log in</Link>
        </li>
      }
    >
      <form className="form" noValidate onSubmit={(event) => void handleSubmit(event)}>
        <EmailField value={email} onChange={setEmail} />
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
    </AuthCard>
  );
}
