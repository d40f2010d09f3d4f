import type { ClubSummary } from '../../../lib/schemas/clubs';

/** Owners: the owner and the co-owners (the contract's word for who manages a club). */
export function isOwner(club: Pick<ClubSummary, 'role'>): boolean {
  return club.role === 'owner' || club.role === 'co_owner';
}
