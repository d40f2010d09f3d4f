/** Posting the review the modal offers after a placement (SPEC.md sections 2 and 5). */
import type { PostReviewBody, PostReviewResponse } from '../../../../lib/schemas/reviews';
import { apiRequest } from '../../../services/api-client';

export function postReview(body: PostReviewBody): Promise<PostReviewResponse> {
  return apiRequest<PostReviewResponse>('/api/reviews', { method: 'POST', body });
}
