import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../lib/messages';
import { apiErrorReply, mockApi } from '../test-utils/mock-api';
import { ApiError, apiRequest } from './api-client';

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
