import { ApiError } from '../../../services/api-client';

/**
 * The text to show for a failed call: the server's own words when it decided (a 4xx carries the
 * catalogue's text: 'This username is already taken...', a rate limit's 'Too many ...'), else
 * the spec's failure text for the action (network errors and 5xx).
 */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && !error.isServerFailure ? error.message : fallback;
}
