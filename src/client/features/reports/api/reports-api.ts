/** Issue 23: a reader's report, and a club owner hiding a post from the club's feed. */
import type { MessageResponse } from '../../../../lib/schemas/common';
import type { CreateReportBody, CreateReportResponse } from '../../../../lib/schemas/moderation';
import { apiRequest } from '../../../services/api-client';
import type { z } from 'zod';

export function sendReport(body: CreateReportBody): Promise<CreateReportResponse> {
  return apiRequest('/api/reports', { method: 'POST', body });
}

export function hideFromClubFeed(
  clubId: string,
  postId: string,
): Promise<z.infer<typeof MessageResponse>> {
  return apiRequest(
    `/api/clubs/${encodeURIComponent(clubId)}/posts/${encodeURIComponent(postId)}/hide`,
    { method: 'POST' },
  );
}
