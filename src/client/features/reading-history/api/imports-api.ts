/**
 * The import call. It reads the response itself rather than through apiRequest: a malformed
 * file answers 400 with every faulty row beside the message (ImportInvalidResponse), and
 * ApiError carries only the message.
 */
import { messages } from '../../../../lib/messages';
import type {
  ImportBody,
  ImportInvalidResponse,
  ImportResponse,
  ImportRowMessage,
} from '../../../../lib/schemas/imports';
import { ApiError } from '../../../services/api-client';

export type ImportRequestResult =
  | { kind: 'imported'; result: ImportResponse }
  | { kind: 'invalid'; message: string; rows: ImportRowMessage[] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isInvalidImport(body: unknown): body is ImportInvalidResponse {
  return (
    isRecord(body) &&
    isRecord(body.error) &&
    body.error.code === 'IMPORT_INVALID' &&
    Array.isArray(body.rows)
  );
}

/**
 * Sends one file (or one chunk of it). Resolves with what was imported, or with the rows at
 * fault (then nothing of this request was imported); throws an ApiError for anything else.
 */
export async function postImport(body: ImportBody): Promise<ImportRequestResult> {
  let response: Response;
  try {
    response = await fetch('/api/imports', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', messages.generic.serverError);
  }
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    parsed = undefined;
  }
  if (response.ok) return { kind: 'imported', result: parsed as ImportResponse };
  if (isInvalidImport(parsed)) {
    return { kind: 'invalid', message: parsed.error.message, rows: parsed.rows };
  }
  const error = isRecord(parsed) && isRecord(parsed.error) ? parsed.error : null;
  const message =
    error && typeof error.message === 'string' && error.message !== ''
      ? error.message
      : messages.generic.serverError;
  const code = error && typeof error.code === 'string' ? error.code : `HTTP_${response.status}`;
  throw new ApiError(response.status, code, message);
}
