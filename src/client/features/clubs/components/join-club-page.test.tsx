import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../lib/messages';
import { clickTwiceAtOnce } from '../../../test-utils/double-click';
import { apiErrorReply } from '../../../test-utils/mock-api';
import { buildClub } from '../testing/club-factories';
import { openAt } from '../testing/club-harness';

const TOKEN = 'tok_0123456789abcdefghijklmnopqrstuvwxyzABCDE';

async function openInvite(routes: Parameters<typeof openAt>[1]) {
  const app = openAt(`/clubs/join/${TOKEN}`, routes);
  await screen.findByRole('heading', { level: 1, name: messages.clubs.joinPreviewTitle });
  return app;
}

describe('JoinClubPage', () => {
  it('shows what the invitation is for, joins once for an instant double click, and opens the club', async () => {
    const club = buildClub({ id: 'c-join', name: 'Night Owls', role: null, memberCount: 4 });
    const { api } = await openInvite({
      [`GET /api/club-invites/${TOKEN}`]: { body: { club } },
      [`POST /api/club-invites/${TOKEN}`]: {
        body: { club: { ...club, role: 'member', memberCount: 5 } },
      },
      'GET /api/clubs/c-join': { body: { club: { ...club, role: 'member', memberCount: 5 } } },
      'GET /api/clubs/c-join/leaderboard': { body: { entries: [] } },
    });

    expect(
      await screen.findByRole('heading', {
        level: 2,
        name: messages.clubs.joinTitle('Night Owls'),
      }),
    ).toBeVisible();
    expect(screen.getByText(club.description)).toBeVisible();
    expect(screen.getByText(messages.clubs.memberCount(4))).toBeVisible();
    clickTwiceAtOnce(screen.getByRole('button', { name: messages.clubs.join }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Night Owls' })).toBeVisible();
    expect(await screen.findByText(messages.clubs.joined('Night Owls'))).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: messages.clubs.tabLeaderboard })).toBeVisible();
    expect(api.requestsTo(`POST /api/club-invites/${TOKEN}`)).toHaveLength(1);
  });

  it('says an unknown, expired or revoked link is invalid, with no Join button', async () => {
    await openInvite({
      [`GET /api/club-invites/${TOKEN}`]: apiErrorReply(
        404,
        messages.clubs.inviteInvalid,
        'NOT_FOUND',
      ),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.clubs.inviteInvalid);
    expect(screen.queryByRole('button', { name: messages.clubs.join })).not.toBeInTheDocument();
  });

  it("shows the server's refusal when joining fails", async () => {
    const club = buildClub({ role: null });
    const { user } = await openInvite({
      [`GET /api/club-invites/${TOKEN}`]: { body: { club } },
      [`POST /api/club-invites/${TOKEN}`]: apiErrorReply(403, messages.clubs.clubFull, 'CLUB_FULL'),
    });
    await user.click(await screen.findByRole('button', { name: messages.clubs.join }));
    expect(await screen.findByText(messages.clubs.clubFull)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: messages.clubs.join })).toBeEnabled();
  });

  it('sends a member already in the club to its page instead of offering Join', async () => {
    const club = buildClub({ id: 'c-in', name: 'Hedge Readers', role: 'member' });
    await openInvite({ [`GET /api/club-invites/${TOKEN}`]: { body: { club } } });
    expect(await screen.findByText(messages.clubs.alreadyMember)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Hedge Readers' })).toHaveAttribute(
      'href',
      '/clubs/c-in',
    );
    expect(screen.queryByRole('button', { name: messages.clubs.join })).not.toBeInTheDocument();
  });
});
