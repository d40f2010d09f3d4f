import { messages } from '../../lib/messages';
import { HedgehogLogo } from '../components/hedgehog-logo';
import { readSupportEmail } from './support-email';

interface CrashFallbackProps {
  /** Reloads the page; replaceable in tests, where jsdom cannot navigate. */
  onRefresh?: () => void;
}

/** SPEC.md section 2: the page any rendering error ends on. */
export function CrashFallback({ onRefresh = () => window.location.reload() }: CrashFallbackProps) {
  const email = readSupportEmail();
  return (
    <main className="crash" id="main">
      <HedgehogLogo className="crash__logo" />
      <h1>{messages.crash.heading}</h1>
      <p>{messages.crash.text}</p>
      <button type="button" className="button button--primary" onClick={onRefresh}>
        {messages.crash.refresh}
      </button>
      <p className="crash__support">
        Still stuck? Write to us at <a href={`mailto:${email}`}>{email}</a>.
      </p>
    </main>
  );
}
