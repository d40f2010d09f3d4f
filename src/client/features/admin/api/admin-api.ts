/** Settings and shared-grid calls used by the admin page (SPEC.md section 6: admins only). */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AuditLogResponse } from '../../../../lib/schemas/audit';
import type { ModerationQueueResponse, ResetFieldsBody } from '../../../../lib/schemas/moderation';
import type {
  AdminActionResponse,
  AdminUsersResponse,
  EditCellBody,
  UnconfirmedBooksResponse,
  CreateGridBody,
  CreateGridResponse,
  ResetDateResponse,
  SetResetDateResponse,
} from '../../../../lib/schemas/admin';
import { apiRequest } from '../../../services/api-client';

export const resetDateQueryOptions = queryOptions({
  queryKey: ['settings', 'reset-date'] as const,
  queryFn: () => apiRequest<ResetDateResponse>('/api/settings/reset-date'),
});

/** `date` is a calendar day, YYYY-MM-DD; the server stores the end of that day (decision 004). */
export function updateResetDate(date: string): Promise<z.infer<typeof SetResetDateResponse>> {
  return apiRequest('/api/admin/reset-date', { method: 'PUT', body: { date } });
}

export function createGrid(body: CreateGridBody): Promise<z.infer<typeof CreateGridResponse>> {
  return apiRequest('/api/admin/grids', { method: 'POST', body });
}

// Issue 23: the admin page's tabs (readers, imported books, the audit log, moderation, the card).

const path = encodeURIComponent;

function withCursor(base: string, params: Record<string, string | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const query = search.toString();
  return query ? `${base}?${query}` : base;
}

export function listUsers(q: string, cursor: string | null): Promise<AdminUsersResponse> {
  return apiRequest(withCursor('/api/admin/users', { q: q.trim(), cursor }));
}

export function setRole(userId: string, role: 'user' | 'admin'): Promise<AdminActionResponse> {
  return apiRequest(`/api/admin/users/${path(userId)}/role`, { method: 'PUT', body: { role } });
}

export function unlockUser(userId: string): Promise<AdminActionResponse> {
  return apiRequest(`/api/admin/users/${path(userId)}/unlock`, { method: 'POST' });
}

export function suspendUser(
  userId: string,
  body: { days: number | null; reason: string },
): Promise<AdminActionResponse> {
  return apiRequest(`/api/admin/users/${path(userId)}/suspension`, { method: 'POST', body });
}

export function liftSuspension(userId: string): Promise<AdminActionResponse> {
  return apiRequest(`/api/admin/users/${path(userId)}/suspension`, { method: 'DELETE' });
}

export function eraseUser(userId: string, reason: string): Promise<AdminActionResponse> {
  return apiRequest(`/api/admin/users/${path(userId)}/erase`, {
    method: 'POST',
    body: { reason },
  });
}

export function listUnconfirmedBooks(cursor: string | null): Promise<UnconfirmedBooksResponse> {
  return apiRequest(withCursor('/api/admin/books/unconfirmed', { cursor }));
}

export function confirmBook(isbn: string): Promise<AdminActionResponse> {
  return apiRequest(`/api/admin/books/${path(isbn)}/confirm`, { method: 'POST' });
}

export function rejectBook(isbn: string): Promise<AdminActionResponse> {
  return apiRequest(`/api/admin/books/${path(isbn)}/reject`, { method: 'POST' });
}

export function listAudit(cursor: string | null): Promise<AuditLogResponse> {
  return apiRequest(withCursor('/api/admin/audit', { cursor }));
}

export function editCell(
  gridId: string,
  position: number,
  body: EditCellBody,
): Promise<AdminActionResponse> {
  return apiRequest(`/api/admin/grids/${path(gridId)}/cells/${position}`, { method: 'PUT', body });
}

export function endGrid(gridId: string, reason: string): Promise<AdminActionResponse> {
  return apiRequest(`/api/admin/grids/${path(gridId)}/end`, { method: 'POST', body: { reason } });
}

export function listReports(cursor: string | null): Promise<ModerationQueueResponse> {
  return apiRequest(withCursor('/api/admin/reports', { cursor }));
}

export function dismissReports(
  targetType: string,
  targetId: string,
  reason?: string,
): Promise<AdminActionResponse> {
  return apiRequest(`/api/admin/reports/${path(targetType)}/${path(targetId)}/dismiss`, {
    method: 'POST',
    ...reasonBody(reason),
  });
}

/** The optional reason the audit log keeps; no body at all without one. */
function reasonBody(reason?: string): { body?: { reason: string } } {
  return reason ? { body: { reason } } : {};
}

export function setPostHidden(
  postId: string,
  hidden: boolean,
  reason?: string,
): Promise<AdminActionResponse> {
  return apiRequest(`/api/admin/posts/${path(postId)}/hide`, {
    method: hidden ? 'POST' : 'DELETE',
    ...reasonBody(reason),
  });
}

export function removePost(postId: string, reason?: string): Promise<AdminActionResponse> {
  return apiRequest(`/api/admin/posts/${path(postId)}`, {
    method: 'DELETE',
    ...reasonBody(reason),
  });
}

export function resetProfile(userId: string, body: ResetFieldsBody): Promise<AdminActionResponse> {
  return apiRequest(`/api/admin/users/${path(userId)}/reset-profile`, { method: 'POST', body });
}

export function resetClub(clubId: string, body: ResetFieldsBody): Promise<AdminActionResponse> {
  return apiRequest(`/api/admin/clubs/${path(clubId)}/reset`, { method: 'POST', body });
}
