/** Test data for the clubs feature, in the API's shapes (src/lib/schemas/clubs.ts). */
import type { GridSummary } from '../../../../lib/schemas/admin';
import type {
  ClubInvite,
  ClubMember,
  ClubSummary,
  JoinRequest,
} from '../../../../lib/schemas/clubs';

let sequence = 0;
const next = () => (sequence += 1);

export function buildClub(overrides: Partial<ClubSummary> = {}): ClubSummary {
  const n = next();
  return {
    id: `club-${n}`,
    name: `Hedge Readers ${n}`,
    description: 'We read under the hedge on Thursdays.',
    memberCount: 3,
    createdAt: '2026-11-01T10:00:00.000Z',
    role: 'member',
    requestPending: false,
    ...overrides,
  };
}

export function buildMember(overrides: Partial<ClubMember> = {}): ClubMember {
  const n = next();
  return {
    userId: `member-${n}`,
    username: `prickle_${n}`,
    avatar: null,
    role: 'member',
    joinedAt: '2026-11-02T10:00:00.000Z',
    profileVisible: true,
    ...overrides,
  };
}

export function buildClubCard(overrides: Partial<GridSummary> = {}): GridSummary {
  const n = next();
  return {
    id: `card-${n}`,
    title: `Club card ${n}`,
    createdAt: '2026-11-03T10:00:00.000Z',
    isCurrent: true,
    club: { id: 'club-x', name: 'Hedge Readers' },
    resetDate: '2026-12-31',
    ...overrides,
  };
}

export function buildInvite(overrides: Partial<ClubInvite> = {}): ClubInvite {
  const n = next();
  return {
    id: `invite-${n}`,
    createdAt: '2026-11-04T10:00:00.000Z',
    expiresAt: null,
    createdBy: 'owner-1',
    ...overrides,
  };
}

export function buildJoinRequest(overrides: Partial<JoinRequest> = {}): JoinRequest {
  const n = next();
  return {
    userId: `asker-${n}`,
    username: `asker_${n}`,
    requestedAt: '2026-11-05T10:00:00.000Z',
    ...overrides,
  };
}
