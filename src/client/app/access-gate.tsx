import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { messages } from '../../lib/messages';
import { Spinner } from '../components/spinner';
import { useCurrentUser } from '../hooks/use-current-user';
import { decideAccess, type PageAccess } from './access';
import { notifyError } from './notify';

interface GuardRedirectProps {
  to: string;
  message: string | null;
}

function GuardRedirect({ to, message }: GuardRedirectProps) {
  useEffect(() => {
    // The id keeps one toast on screen however often the guard renders (StrictMode, re-renders).
    if (message) notifyError(message, `access:${message}`);
  }, [message]);
  return <Navigate to={to} replace />;
}

/**
 * A layout route that renders its child routes only for people allowed in (see access.ts).
 * Someone who follows a link to a page they cannot open is redirected with a toast. Someone whose
 * session ends while they are on an allowed page (they logged out, or it expired) is redirected
 * quietly: the sign-out has its own toast, and 'Please log in' would contradict it.
 */
export function AccessGate({ access }: { access: PageAccess }) {
  const { user, isInitializing, isUnavailable } = useCurrentUser();
  const { pathname } = useLocation();
  const [allowedPath, setAllowedPath] = useState<string | null>(null);

  if (isInitializing) return <Spinner label="Checking your session..." showLabel />;
  // Issue 26 (lie-fi): the session check got no answer and nothing is kept here; the login form would
  // tell a signed-in reader they are signed out. The check is asked again once the server is.
  if (isUnavailable) {
    return (
      <p className="offline-notice" role="status">
        {messages.offline.needsNetwork}
      </p>
    );
  }

  const decision = decideAccess(access, user);
  if (decision.kind === 'allow') {
    // Remember, from render to render, the page this visitor was let into.
    if (allowedPath !== pathname) setAllowedPath(pathname);
    return <Outlet />;
  }
  const sessionEnded = allowedPath === pathname;
  return <GuardRedirect to={decision.to} message={sessionEnded ? null : decision.message} />;
}
