import { ApiError } from '../../../services/api-client';

/**
 * The text to show for a failed call: the server's own words when it decided (a 4xx, such as a
 * rate limit's 'Too many blog refreshes...'), else the spec's failure text (network errors, 5xx).
 */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && !error.isServerFailure ? error.message : fallback;
}
