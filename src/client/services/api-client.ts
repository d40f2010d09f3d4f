/**
 * The one door to the API. Every call is JSON, same-origin (the server refuses foreign origins and
 * reads the session cookie), and every failure becomes an ApiError whose message is already the
 * text to show the user: the server sends `{ "error": { "code", "message" } }`, and some answers
 * add fields beside `error` (an import's faulty `rows`), kept as the ApiError's `details`.
 */
import { messages } from '../../lib/messages';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /**
   * The error body's fields beside `error`, e.g. `{ rows: [...] }` for IMPORT_INVALID; undefined
   * when there are none. Unchecked: whoever reads it narrows it.
   */
  readonly details: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  /** True for a network failure or a 5xx answer: the request did not reach a decision. */
  get isServerFailure(): boolean {
    return this.status === 0 || this.status >= 500;
  }
}

/**
 * The text to show for a failed call: the server's own words when it decided (a 4xx carries the
 * catalogue's text, e.g. a rate limit's 'Too many ...'), else the caller's failure text for the
 * action (network errors and 5xx).
 */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && !error.isServerFailure ? error.message : fallback;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  method?: HttpMethod;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The fields of an `{ error, ... }` body beside `error`, or undefined when there are none. */
function detailsOf(body: unknown): Record<string, unknown> | undefined {
  if (!isRecord(body) || !isRecord(body.error)) return undefined;
  const rest = Object.entries(body).filter(([key]) => key !== 'error');
  return rest.length > 0 ? Object.fromEntries(rest) : undefined;
}

/**
 * Builds an ApiError from an error response's status and parsed JSON body (undefined when it had
 * none); tolerates bodies that are not our error shape. For callers that send a request some
 * other way than apiRequest (an upload with progress) and must fail the same way.
 */
export function toApiError(status: number, body: unknown): ApiError {
  const wrapped = isRecord(body) && isRecord(body.error) ? body.error : body;
  if (isRecord(wrapped) && typeof wrapped.message === 'string' && wrapped.message !== '') {
    const code = typeof wrapped.code === 'string' ? wrapped.code : `HTTP_${status}`;
    return new ApiError(status, code, wrapped.message, detailsOf(body));
  }
  return new ApiError(status, `HTTP_${status}`, messages.generic.serverError);
}

async function readJson(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (response.status === 204 || !type.includes('json')) return undefined;
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** Sends one request to the API and returns its parsed JSON body, or throws an ApiError. */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, headers = {}, signal } = options;
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
  };
  if (body !== undefined) init.body = JSON.stringify(body);
  if (signal) init.signal = signal;

  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', messages.generic.serverError);
  }
  const parsed = await readJson(response);
  if (!response.ok) throw toApiError(response.status, parsed);
  return parsed as T;
}
