import { useEffect } from 'react';
import { notifyError } from '../app/notify';
import { ApiError } from '../services/api-client';

interface LoadErrorProps {
  error: unknown;
  /** The spec's load failure, e.g. 'Failed to load friends list'. */
  fallback: string;
}

/**
 * A list or page that could not be loaded. It reads the spec's load failure, or the server's
 * 'not found' text (e.g. 'Profile not found'). A rate limit's text (SPEC.md section 8, 'Too many
 * ...') is an error toast as well, raised once however often this renders.
 */
export function LoadError({ error, fallback }: LoadErrorProps) {
  const rateLimitText = error instanceof ApiError && error.status === 429 ? error.message : null;
  useEffect(() => {
    if (rateLimitText) notifyError(rateLimitText, `rate-limit:${rateLimitText}`);
  }, [rateLimitText]);
  const text = error instanceof ApiError && error.status === 404 ? error.message : fallback;
  return (
    <p className="form-message form-message--error" role="alert">
      {text}
    </p>
  );
}
