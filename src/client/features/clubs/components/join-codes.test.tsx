import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../lib/messages';
import { apiErrorReply } from '../../../test-utils/mock-api';
import { buildClub } from '../testing/club-factories';
import { openAt, openClub, openClubTab } from '../testing/club-harness';

/** Issue 24: "Join with a code" on the Clubs page, and the owners' join code on the club page. */
const joinForm = () => screen.getByRole('region', { name: messages.clubCodes.joinTitle });
const codeField = () => within(joinForm()).getByLabelText(messages.clubCodes.joinLabel);

async function openClubs(routes: Parameters<typeof openAt>[1] = {}) {
  const app = openAt('/clubs', { 'GET /api/clubs': { body: { clubs: [] } }, ...routes });
  await screen.findByRole('heading', { level: 1, name: messages.clubs.pageTitle });
  return app;
}

describe('ClubsPage: join with a code', () => {
  it('sends the typed code as typed and opens the club it joined', async () => {
    const club = buildClub({ id: 'c-code', name: 'Board Readers', role: 'member' });
    const app = await openClubs({
      'POST /api/club-codes': { body: { club } },
      'GET /api/clubs/c-code': { body: { club } },
      'GET /api/clubs/c-code/leaderboard': { body: { entries: [] } },
    });
    expect(codeField()).toHaveAccessibleDescription(messages.clubCodes.joinHint);
    await app.user.type(codeField(), ' 4kq-7mx-a3d ');
    await app.user.click(
      within(joinForm()).getByRole('button', { name: messages.clubCodes.joinSubmit }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Board Readers' })).toBeVisible();
    expect(app.api.requestsTo('POST /api/club-codes')[0]?.body).toEqual({ code: '4kq-7mx-a3d' });
    expect(await screen.findByText(messages.clubCodes.joined('Board Readers'))).toBeInTheDocument();
  });

  it('asks for a code before sending nothing', async () => {
    const app = await openClubs();
    await app.user.click(
      within(joinForm()).getByRole('button', { name: messages.clubCodes.joinSubmit }),
    );
    expect(await within(joinForm()).findByText(messages.clubCodes.required)).toBeVisible();
    expect(app.api.requestsTo('POST /api/club-codes')).toHaveLength(0);
  });

  it.each([
    [404, messages.clubCodes.invalid],
    [429, messages.clubCodes.tooManyGuesses],
    [403, messages.clubs.clubFull],
  ])("shows the server's refusal (%i) in the form and stays", async (status, text) => {
    const app = await openClubs({ 'POST /api/club-codes': apiErrorReply(status, text) });
    await app.user.type(codeField(), '333-333-333');
    await app.user.click(
      within(joinForm()).getByRole('button', { name: messages.clubCodes.joinSubmit }),
    );
    expect(await within(joinForm()).findByText(text)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: messages.clubs.pageTitle })).toBeVisible();
  });
});

describe('ClubPage: the join code beside the invitation links', () => {
  it('makes a code for the chosen days, shows it once, and revokes the live one', async () => {
    const club = buildClub({ id: 'c-jc', role: 'owner' });
    let joinCode: { id: string; createdAt: string; expiresAt: string } | null = null;
    const app = await openClub(club, {
      'GET /api/clubs/c-jc/invites': { body: { invites: [] } },
      'GET /api/clubs/c-jc/join-code': () => ({ body: { joinCode } }),
      'POST /api/clubs/c-jc/join-code': () => {
        joinCode = {
          id: 'jc-1',
          createdAt: '2026-11-04T10:00:00.000Z',
          expiresAt: '2026-12-04T10:00:00.000Z',
        };
        return {
          status: 201,
          body: { joinCode, code: '4KQ-7MX-A3D', message: messages.clubCodes.created },
        };
      },
      'DELETE /api/clubs/c-jc/join-code': () => {
        joinCode = null;
        return { body: { message: messages.clubCodes.revoked } };
      },
    });
    const panel = await openClubTab(app, messages.clubs.tabInvites);
    const section = within(panel).getByRole('region', { name: messages.clubCodes.sectionTitle });
    expect(await within(section).findByText(messages.clubCodes.noLiveCode)).toBeVisible();
    await app.user.selectOptions(
      within(section).getByLabelText(messages.clubCodes.expiryLabel),
      messages.clubs.inviteDays(30),
    );
    await app.user.click(within(section).getByRole('button', { name: messages.clubCodes.create }));
    expect(await within(section).findByText('4KQ-7MX-A3D')).toBeVisible();
    expect(within(section).getByText(messages.clubCodes.created)).toBeVisible();
    expect(app.api.requestsTo('POST /api/clubs/c-jc/join-code')[0]?.body).toEqual({
      expiresInDays: 30,
    });
    expect(
      await within(section).findByText(messages.clubCodes.liveUntil('4 Dec 2026')),
    ).toBeVisible();
    expect(
      within(section).getByRole('button', { name: messages.clubCodes.createAgain }),
    ).toBeVisible();

    await app.user.click(within(section).getByRole('button', { name: messages.clubCodes.revoke }));
    expect(await screen.findByText(messages.clubCodes.revoked)).toBeInTheDocument();
    await waitFor(() => expect(within(section).queryByText('4KQ-7MX-A3D')).not.toBeInTheDocument());
    expect(await within(section).findByText(messages.clubCodes.noLiveCode)).toBeVisible();
  });
});
