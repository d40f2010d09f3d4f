/** Issue 23: a reader's report, and a club owner hiding a post from the club's feed or showing it. */
import type { MessageResponse } from '../../../../lib/schemas/common';
import type { CreateReportBody, CreateReportResponse } from '../../../../lib/schemas/moderation';
import { apiRequest } from '../../../services/api-client';
import type { z } from 'zod';

export function sendReport(body: CreateReportBody): Promise<CreateReportResponse> {
  return apiRequest('/api/reports', { method: 'POST', body });
}

/** Hides a post from the club's feed (`hidden`), or shows it there again. */
export function setHiddenInClubFeed(
  clubId: string,
  postId: string,
  hidden: boolean,
): Promise<z.infer<typeof MessageResponse>> {
  return apiRequest(
    `/api/clubs/${encodeURIComponent(clubId)}/posts/${encodeURIComponent(postId)}/hide`,
    { method: hidden ? 'POST' : 'DELETE' },
  );
}
