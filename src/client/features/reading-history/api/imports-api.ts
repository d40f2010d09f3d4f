/**
 * The import call. It goes through XMLHttpRequest rather than apiRequest because fetch cannot
 * report upload progress, and a library export can take a while to send; it fails the way
 * apiRequest does (toApiError), a malformed file's rows arriving as the ApiError's details.
 */
import { messages } from '../../../../lib/messages';
import type { ImportResponse, ImportRowMessage } from '../../../../lib/schemas/imports';
import { ApiError, toApiError } from '../../../services/api-client';

export const IMPORTS_PATH = '/api/imports';

export interface UploadListeners {
  /** The share of the request sent so far, from 0 to 1. */
  onUploadProgress?: (fraction: number) => void;
  /** The whole request is sent: the server is now checking and storing the file. */
  onUploaded?: () => void;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function readJson(xhr: XMLHttpRequest): unknown {
  const type = xhr.getResponseHeader('content-type') ?? '';
  if (!type.includes('json') || xhr.responseText === '') return undefined;
  try {
    return JSON.parse(xhr.responseText) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Sends a prepared import body (see prepareImport) in one same-origin request, which the
 * server imports in one transaction. Resolves with what it did, or rejects with an ApiError
 * (status 0 when the server could not be reached).
 */
export function sendImport(json: string, listeners: UploadListeners = {}): Promise<ImportResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', IMPORTS_PATH);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', 'application/json');
    // Upload listeners must be in place before send() for the browser to report on the upload.
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) {
        listeners.onUploadProgress?.(Math.min(1, event.loaded / event.total));
      }
    });
    xhr.upload.addEventListener('load', () => listeners.onUploaded?.());
    xhr.addEventListener('load', () => {
      const body = readJson(xhr);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as ImportResponse);
      else reject(toApiError(xhr.status, body));
    });
    const unreachable = () =>
      reject(new ApiError(0, 'NETWORK_ERROR', messages.generic.serverError));
    xhr.addEventListener('error', unreachable);
    xhr.addEventListener('abort', unreachable);
    xhr.addEventListener('timeout', unreachable);
    xhr.send(json);
  });
}

function isRowMessage(value: unknown): value is ImportRowMessage {
  return isRecord(value) && typeof value.row === 'number' && typeof value.message === 'string';
}

/** The rows at fault when the server refused a malformed file (IMPORT_INVALID), else null. */
export function invalidImportRows(error: ApiError): ImportRowMessage[] | null {
  if (error.code !== 'IMPORT_INVALID' || !isRecord(error.details)) return null;
  const { rows } = error.details;
  return Array.isArray(rows) && rows.every(isRowMessage) ? rows : null;
}
