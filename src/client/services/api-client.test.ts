import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../lib/messages';
import { apiErrorReply, mockApi } from '../test-utils/mock-api';
import { ApiError, apiRequest, toApiError } from './api-client';

describe('apiRequest', () => {
  it('sends JSON, same-origin, and returns the parsed body', async () => {
    const api = mockApi({ 'POST /api/things': { body: { id: 7 } } });

    await expect(apiRequest('/api/things', { method: 'POST', body: { a: 1 } })).resolves.toEqual({
      id: 7,
    });
    const [request] = api.requests;
    expect(request?.credentials).toBe('same-origin');
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(request?.body).toEqual({ a: 1 });
  });

  it("throws an ApiError carrying the server's code and message", async () => {
    mockApi({ 'GET /api/things': apiErrorReply(429, messages.rateLimit.generic, 'RATE_LIMITED') });

    const error = await apiRequest('/api/things').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: messages.rateLimit.generic,
    });
  });

  it("keeps the error body's fields beside `error` as the ApiError's details", async () => {
    const rows = [{ row: 3, message: messages.imports.titleMissing }];
    mockApi({
      'POST /api/things': {
        status: 400,
        body: { error: { code: 'IMPORT_INVALID', message: messages.imports.invalid }, rows },
      },
      'GET /api/things': apiErrorReply(404, 'Not here', 'NOT_FOUND'),
    });

    await expect(apiRequest('/api/things', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 400,
      code: 'IMPORT_INVALID',
      message: messages.imports.invalid,
      details: { rows },
    });
    // Nothing beside `error`: no details.
    const plain = await apiRequest('/api/things').catch((e: unknown) => e);
    expect(plain).toBeInstanceOf(ApiError);
    expect((plain as ApiError).details).toBeUndefined();
  });

  it('builds the same ApiError from a status and body received some other way', () => {
    const error = toApiError(429, {
      error: { code: 'RATE_LIMITED', message: messages.rateLimit.generic },
      retryAfter: 30,
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: messages.rateLimit.generic,
      details: { retryAfter: 30 },
    });
    expect(toApiError(502, undefined)).toMatchObject({
      code: 'HTTP_502',
      message: messages.generic.serverError,
      details: undefined,
    });
  });

  it('turns a body that is not our error shape into the generic server message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('<h1>Bad gateway</h1>', { status: 502 }))),
    );

    await expect(apiRequest('/api/things')).rejects.toMatchObject({
      status: 502,
      message: messages.generic.serverError,
    });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );

    const error = await apiRequest('/api/things').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect((error as ApiError).isServerFailure).toBe(true);
  });
});
