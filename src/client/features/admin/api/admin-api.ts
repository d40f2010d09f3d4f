/** Settings and shared-grid calls used by the admin page (SPEC.md section 6: admins only). */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
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
