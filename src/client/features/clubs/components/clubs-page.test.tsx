import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../lib/messages';
import { clickTwiceAtOnce } from '../../../test-utils/double-click';
import { buildGuest } from '../../../test-utils/factories';
import { apiErrorReply, heldReply } from '../../../test-utils/mock-api';
import { buildClub } from '../testing/club-factories';
import { openAt } from '../testing/club-harness';

async function openClubs(routes: Parameters<typeof openAt>[1]) {
  const app = openAt('/clubs', routes);
  await screen.findByRole('heading', { level: 1, name: messages.clubs.pageTitle });
  return app;
}

const myClubsList = () => screen.getByRole('region', { name: messages.clubs.myClubs });

describe('ClubsPage: my clubs', () => {
  it("lists the reader's clubs with their size and the reader's role, each opening its page", async () => {
    const owned = buildClub({ id: 'c1', name: 'Night Owls', memberCount: 1, role: 'owner' });
    const joined = buildClub({ id: 'c2', name: 'Hedge Readers', memberCount: 12, role: 'member' });
    await openClubs({ 'GET /api/clubs': { body: { clubs: [owned, joined] } } });

    const first = await within(myClubsList()).findByRole('link', { name: /Night Owls/ });
    expect(first).toHaveAttribute('href', '/clubs/c1');
    expect(first).toHaveTextContent(`${messages.clubs.memberCount(1)} · Owner`);
    expect(within(myClubsList()).getByRole('link', { name: /Hedge Readers/ })).toHaveTextContent(
      `${messages.clubs.memberCount(12)} · Member`,
    );
  });

  it('says so when the reader is in no club yet', async () => {
    await openClubs({ 'GET /api/clubs': { body: { clubs: [] } } });
    expect(await within(myClubsList()).findByText(messages.clubs.noClubs)).toBeVisible();
    expect(within(myClubsList()).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows a spinner while the list loads', async () => {
    const clubs = heldReply();
    await openClubs({ 'GET /api/clubs': clubs.handler });
    expect(within(myClubsList()).getByRole('status')).toHaveTextContent(messages.clubs.loading);
    clubs.send({ body: { clubs: [] } });
    expect(await within(myClubsList()).findByText(messages.clubs.noClubs)).toBeVisible();
  });

  it('says the list could not be loaded', async () => {
    await openClubs({ 'GET /api/clubs': apiErrorReply(500, 'boom') });
    expect(await within(myClubsList()).findByRole('alert')).toHaveTextContent(
      messages.clubs.loadFailed,
    );
  });

  it('keeps a guest out, as every readers-only page does', async () => {
    openAt('/clubs', { 'GET /api/grids': { body: { grids: [] } } }, buildGuest());
    expect(await screen.findByRole('heading', { level: 1, name: 'Bingo' })).toBeVisible();
    expect(await screen.findByText(messages.access.loginRequired)).toBeInTheDocument();
  });
});

describe('ClubsPage: create a club', () => {
  const form = () => screen.getByRole('region', { name: messages.clubs.createTitle });

  it('refuses a name that is too short in the form, and sends nothing', async () => {
    const { user, api } = await openClubs({ 'GET /api/clubs': { body: { clubs: [] } } });
    await user.type(within(form()).getByLabelText(messages.clubs.nameLabel), 'ab');
    await user.click(within(form()).getByRole('button', { name: messages.clubs.create }));

    expect(within(form()).getByRole('alert')).toHaveTextContent(messages.clubs.nameInvalid);
    expect(api.requestsTo('POST /api/clubs')).toHaveLength(0);
  });

  it("shows the server's refusal in the form", async () => {
    const { user } = await openClubs({
      'GET /api/clubs': { body: { clubs: [] } },
      'POST /api/clubs': apiErrorReply(429, messages.clubs.tooManyClubs, 'TOO_MANY_CLUBS'),
    });
    await user.type(within(form()).getByLabelText(messages.clubs.nameLabel), 'Night Owls');
    await user.click(within(form()).getByRole('button', { name: messages.clubs.create }));

    expect(await within(form()).findByRole('alert')).toHaveTextContent(messages.clubs.tooManyClubs);
  });

  it('sends one request for an instant double click and opens the new club', async () => {
    const club = buildClub({ id: 'new-club', name: 'Night Owls', role: 'owner', memberCount: 1 });
    const { user, api } = await openClubs({
      'GET /api/clubs': { body: { clubs: [] } },
      'POST /api/clubs': { status: 201, body: { club } },
      'GET /api/clubs/new-club': { body: { club } },
      'GET /api/clubs/new-club/leaderboard': { body: { entries: [] } },
    });
    await user.type(within(form()).getByLabelText(messages.clubs.nameLabel), '  Night Owls ');
    await user.type(
      within(form()).getByLabelText(messages.clubs.descriptionLabel),
      'We read after dark.',
    );
    clickTwiceAtOnce(within(form()).getByRole('button', { name: messages.clubs.create }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Night Owls' })).toBeVisible();
    expect(api.requestsTo('POST /api/clubs')).toHaveLength(1);
    expect(api.requestsTo('POST /api/clubs')[0]?.body).toEqual({
      name: 'Night Owls',
      description: 'We read after dark.',
    });
    expect(await screen.findByText(messages.clubs.created)).toBeInTheDocument();
  });
});
