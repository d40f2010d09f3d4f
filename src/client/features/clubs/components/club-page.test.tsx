import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHALLENGE_LABELS } from '../../../../lib/challenges';
import { messages } from '../../../../lib/messages';
import type { ClubSummary } from '../../../../lib/schemas/clubs';
import { clickTwiceAtOnce } from '../../../test-utils/double-click';
import { apiErrorReply } from '../../../test-utils/mock-api';
import {
  buildClub,
  buildClubCard,
  buildInvite,
  buildJoinRequest,
  buildMember,
} from '../testing/club-factories';
import { openAt, openClub, openClubTab, VIEWER_ID } from '../testing/club-harness';

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

function rowOf(panel: HTMLElement, name: string | RegExp): HTMLElement {
  const row = within(panel)
    .getAllByRole('listitem')
    .find((item) =>
      typeof name === 'string'
        ? item.textContent?.includes(name)
        : name.test(item.textContent ?? ''),
    );
  if (!row) throw new Error(`no row for ${String(name)}`);
  return row;
}

describe('ClubPage: a reader who is not a member', () => {
  it('sees the name, description and size, no tabs, and Ask to join', async () => {
    const club = buildClub({ role: null, memberCount: 7, description: 'Poetry on Sundays.' });
    await openClub(club);

    expect(screen.getByText('Poetry on Sundays.')).toBeVisible();
    expect(screen.getByText(messages.clubs.memberCount(7))).toBeVisible();
    expect(screen.getByRole('button', { name: messages.clubs.askToJoin })).toBeEnabled();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.clubs.leave })).not.toBeInTheDocument();
  });

  it('asks once for an instant double click, then shows the request as pending', async () => {
    let club: ClubSummary = buildClub({ id: 'c-ask', role: null });
    const { api } = await openClub(club, {
      'GET /api/clubs/c-ask': () => ({ body: { club } }),
      'POST /api/clubs/c-ask/requests': () => {
        club = { ...club, requestPending: true };
        return { body: { message: messages.clubs.requestSent } };
      },
    });

    clickTwiceAtOnce(screen.getByRole('button', { name: messages.clubs.askToJoin }));

    expect(await screen.findByText(messages.clubs.requestPending)).toBeVisible();
    expect(await screen.findByText(messages.clubs.requestSent)).toBeInTheDocument();
    expect(api.requestsTo('POST /api/clubs/c-ask/requests')).toHaveLength(1);
    expect(
      screen.queryByRole('button', { name: messages.clubs.askToJoin }),
    ).not.toBeInTheDocument();
  });

  it("says 'Club not found' for a club the reader may not see", async () => {
    openAt('/clubs/hidden', {
      'GET /api/clubs/hidden': apiErrorReply(404, messages.clubs.notFound, 'NOT_FOUND'),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.clubs.notFound);
  });
});

describe('ClubPage: a member', () => {
  it('has the leaderboard, members and cards tabs (no owner tabs) and Leave club', async () => {
    await openClub(buildClub({ role: 'member' }));
    await waitFor(() =>
      expect(tabNames()).toEqual([
        messages.clubs.tabLeaderboard,
        messages.clubs.tabMembers,
        messages.clubs.tabCards,
      ]),
    );
    expect(screen.getByRole('button', { name: messages.clubs.leave })).toBeVisible();
    expect(
      screen.queryByRole('button', { name: messages.clubs.deleteClub }),
    ).not.toBeInTheDocument();
  });

  it('ranks the members by club points and marks the viewer', async () => {
    const club = buildClub({ id: 'c-lb', role: 'member' });
    await openClub(club, {
      'GET /api/clubs/c-lb/leaderboard': {
        body: {
          entries: [
            { rank: 1, userId: 'u-b', username: 'bramble', points: 60, isViewer: false },
            { rank: 2, userId: VIEWER_ID, username: 'me_reader', points: 10, isViewer: true },
            {
              rank: 3,
              userId: 'u-c',
              username: messages.privacy.hiddenName,
              points: 0,
              isViewer: false,
            },
          ],
        },
      },
    });
    const board = await screen.findByRole('list', { name: messages.clubs.leaderboard });
    const rows = within(board).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      `${messages.clubs.rankLabel(1)}1bramble${messages.bingo.pointsLabel(60)}`,
      `${messages.clubs.rankLabel(2)}2me_reader ${messages.clubs.you}${messages.bingo.pointsLabel(10)}`,
      `${messages.clubs.rankLabel(3)}3${messages.privacy.hiddenName}${messages.bingo.pointsLabel(0)}`,
    ]);
    expect(rows[1]).toHaveAttribute('aria-current', 'true');
    expect(rows[0]).not.toHaveAttribute('aria-current');
  });

  it('lists members with roles, linking only profiles the viewer may open, with no owner actions', async () => {
    const club = buildClub({ id: 'c-m', role: 'member' });
    const app = await openClub(club, {
      'GET /api/clubs/c-m/members': {
        body: {
          members: [
            buildMember({ userId: 'u-o', username: 'olive', role: 'owner' }),
            buildMember({
              userId: 'u-h',
              username: messages.privacy.hiddenName,
              profileVisible: false,
            }),
            buildMember({ userId: VIEWER_ID, username: 'me_reader' }),
          ],
        },
      },
    });
    const panel = await openClubTab(app, messages.clubs.tabMembers);

    expect(await within(panel).findByRole('link', { name: 'olive' })).toHaveAttribute(
      'href',
      '/friend/u-o',
    );
    expect(within(rowOf(panel, 'olive')).getByText(messages.clubs.roles.owner)).toBeVisible();
    expect(
      within(rowOf(panel, messages.privacy.hiddenName)).queryByRole('link'),
    ).not.toBeInTheDocument();
    expect(within(rowOf(panel, 'me_reader')).queryByRole('link')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
  });

  it('lists the cards, current and past, each opening on the bingo page with that card chosen', async () => {
    const club = buildClub({ id: 'c-cards', role: 'member' });
    const app = await openClub(club, {
      'GET /api/clubs/c-cards/cards': {
        body: {
          cards: [
            buildClubCard({
              id: 'g-new',
              title: 'Winter Reads',
              isCurrent: true,
              resetDate: '2026-12-31',
            }),
            buildClubCard({
              id: 'g-old',
              title: 'Autumn Reads',
              isCurrent: false,
              resetDate: '2026-10-31',
            }),
          ],
        },
      },
    });
    const panel = await openClubTab(app, messages.clubs.tabCards);

    const current = await within(panel).findByRole('link', {
      name: messages.clubs.openCard('Winter Reads'),
    });
    expect(current).toHaveAttribute('href', '/bingo?grid=g-new');
    expect(
      within(rowOf(panel, 'Winter Reads')).getByText(messages.clubs.currentCard),
    ).toBeVisible();
    expect(
      within(rowOf(panel, 'Winter Reads')).getByText(messages.clubs.cardEnds('31 Dec 2026')),
    ).toBeVisible();
    expect(
      within(panel).getByRole('link', { name: messages.clubs.openCard('Autumn Reads') }),
    ).toHaveAttribute('href', '/bingo?grid=g-old');
    expect(within(rowOf(panel, 'Autumn Reads')).getByText(messages.clubs.pastCard)).toBeVisible();
    expect(
      within(panel).queryByRole('button', { name: messages.clubs.createCard }),
    ).not.toBeInTheDocument();
  });

  it('leaves after the question and returns to the club list', async () => {
    const club = buildClub({ id: 'c-leave', role: 'member' });
    const { user, api } = await openClub(club, {
      [`DELETE /api/clubs/c-leave/members/${VIEWER_ID}`]: {
        body: { message: messages.clubs.left },
      },
      'GET /api/clubs': { body: { clubs: [] } },
      'GET /api/grids': { body: { grids: [] } },
    });
    await user.click(screen.getByRole('button', { name: messages.clubs.leave }));
    const question = screen.getByRole('dialog', { name: messages.clubs.leaveTitle });
    await user.click(within(question).getByRole('button', { name: 'YES' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: messages.clubs.pageTitle }),
    ).toBeVisible();
    expect(await screen.findByText(messages.clubs.noClubs)).toBeVisible();
    expect(api.requestsTo(`DELETE /api/clubs/c-leave/members/${VIEWER_ID}`)).toHaveLength(1);
  });

  it('keeps the question open and says why when the server refuses to let the reader leave', async () => {
    const club = buildClub({ id: 'c-stay', role: 'co_owner' });
    const { user } = await openClub(club, {
      [`DELETE /api/clubs/c-stay/members/${VIEWER_ID}`]: apiErrorReply(
        403,
        messages.clubs.ownerCannotLeave,
      ),
    });
    await user.click(screen.getByRole('button', { name: messages.clubs.leave }));
    await user.click(
      within(screen.getByRole('dialog', { name: messages.clubs.leaveTitle })).getByRole('button', {
        name: 'YES',
      }),
    );
    expect(await screen.findByText(messages.clubs.ownerCannotLeave)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: messages.clubs.leaveTitle })).toBeVisible();
  });
});

describe('ClubPage: owners', () => {
  const owner = buildMember({ userId: VIEWER_ID, username: 'me_owner', role: 'owner' });
  const coOwner = buildMember({ userId: 'u-co', username: 'corvid', role: 'co_owner' });
  const member = buildMember({ userId: 'u-m', username: 'mossy', role: 'member' });

  it('gives owners the invitation and request tabs, and the owner Delete club instead of Leave', async () => {
    await openClub(buildClub({ role: 'owner' }));
    await waitFor(() =>
      expect(tabNames()).toEqual([
        messages.clubs.tabLeaderboard,
        messages.clubs.tabMembers,
        messages.clubs.tabCards,
        messages.clubs.tabInvites,
        messages.clubs.tabRequests,
      ]),
    );
    expect(screen.getByRole('button', { name: messages.clubs.deleteClub })).toBeVisible();
    expect(screen.queryByRole('button', { name: messages.clubs.leave })).not.toBeInTheDocument();
  });

  it('lets the owner name co-owners, make them members again and remove anyone but the owner', async () => {
    const club = buildClub({ id: 'c-own', role: 'owner' });
    const app = await openClub(club, {
      'GET /api/clubs/c-own/members': { body: { members: [owner, coOwner, member] } },
      'PUT /api/clubs/c-own/members/u-m/role': { body: { message: messages.clubs.roleChanged } },
    });
    const panel = await openClubTab(app, messages.clubs.tabMembers);
    await within(panel).findByRole('link', { name: 'mossy' });

    expect(within(rowOf(panel, 'me_owner')).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(rowOf(panel, 'corvid')).getByRole('button', {
        name: `${messages.clubs.makeMember}: corvid`,
      }),
    ).toBeVisible();
    expect(
      within(rowOf(panel, 'corvid')).getByRole('button', {
        name: `${messages.clubs.remove}: corvid`,
      }),
    ).toBeVisible();
    await app.user.click(
      within(rowOf(panel, 'mossy')).getByRole('button', {
        name: `${messages.clubs.makeCoOwner}: mossy`,
      }),
    );

    expect(await screen.findByText(messages.clubs.roleChanged)).toBeInTheDocument();
    expect(app.api.requestsTo('PUT /api/clubs/c-own/members/u-m/role')[0]?.body).toEqual({
      role: 'co_owner',
    });
  });

  it('lets a co-owner remove members only, and name nobody', async () => {
    const club = buildClub({ id: 'c-co', role: 'co_owner' });
    const me = { ...coOwner, userId: VIEWER_ID, username: 'me_co' };
    const other = buildMember({ userId: 'u-co2', username: 'rook', role: 'co_owner' });
    const app = await openClub(club, {
      'GET /api/clubs/c-co/members': {
        body: { members: [{ ...owner, userId: 'u-o', username: 'olive' }, me, other, member] },
      },
    });
    const panel = await openClubTab(app, messages.clubs.tabMembers);
    await within(panel).findByRole('link', { name: 'mossy' });

    for (const name of ['olive', 'me_co', 'rook']) {
      expect(within(rowOf(panel, name)).queryByRole('button')).not.toBeInTheDocument();
    }
    expect(
      within(rowOf(panel, 'mossy'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([messages.clubs.remove]);
  });

  it('removes a member only after the question is answered YES', async () => {
    const club = buildClub({ id: 'c-rm', role: 'owner' });
    let members = [owner, member];
    const app = await openClub(club, {
      'GET /api/clubs/c-rm/members': () => ({ body: { members } }),
      'DELETE /api/clubs/c-rm/members/u-m': () => {
        members = [owner];
        return { body: { message: messages.clubs.removed } };
      },
    });
    const panel = await openClubTab(app, messages.clubs.tabMembers);
    await within(panel).findByRole('link', { name: 'mossy' });

    await app.user.click(within(rowOf(panel, 'mossy')).getByRole('button', { name: /Remove/ }));
    const question = screen.getByRole('dialog', { name: messages.clubs.removeTitle('mossy') });
    await app.user.click(within(question).getByRole('button', { name: 'NO' }));
    expect(app.api.requestsTo('DELETE /api/clubs/c-rm/members/u-m')).toHaveLength(0);

    await app.user.click(within(rowOf(panel, 'mossy')).getByRole('button', { name: /Remove/ }));
    await app.user.click(
      within(screen.getByRole('dialog', { name: messages.clubs.removeTitle('mossy') })).getByRole(
        'button',
        {
          name: 'YES',
        },
      ),
    );
    expect(await screen.findByText(messages.clubs.removed)).toBeInTheDocument();
    await waitFor(() => expect(within(panel).queryByText('mossy')).not.toBeInTheDocument());
    expect(app.api.requestsTo('DELETE /api/clubs/c-rm/members/u-m')).toHaveLength(1);
  });

  it('creates a club card from the challenge editor with its reset date, and shows a refusal in the form', async () => {
    const club = buildClub({ id: 'c-card', role: 'co_owner' });
    let refuse = true;
    const app = await openClub(club, {
      'GET /api/clubs/c-card/cards': { body: { cards: [] } },
      'POST /api/clubs/c-card/cards': () =>
        refuse
          ? apiErrorReply(400, messages.clubs.resetDatePast)
          : {
              status: 201,
              body: {
                card: buildClubCard({ title: 'Winter Reads' }),
                message: messages.clubs.cardCreated,
              },
            },
      'GET /api/grids': { body: { grids: [] } },
    });
    const panel = await openClubTab(app, messages.clubs.tabCards);
    expect(await within(panel).findByText(messages.clubs.noCards)).toBeVisible();
    await app.user.click(within(panel).getByRole('button', { name: messages.clubs.createCard }));
    const form = within(panel).getByRole('region', { name: messages.clubs.createCard });
    const title = within(form).getByLabelText(messages.clubs.cardTitleLabel);
    await app.user.clear(title);
    await app.user.type(title, 'Winter Reads');

    // No date yet: the form says so and sends nothing.
    await app.user.click(within(form).getByRole('button', { name: messages.clubs.createCard }));
    expect(within(form).getByRole('alert')).toHaveTextContent(messages.clubs.resetDateRequired);
    expect(app.api.requestsTo('POST /api/clubs/c-card/cards')).toHaveLength(0);

    await app.user.type(within(form).getByLabelText(messages.clubs.resetDateLabel), '2026-12-31');
    await app.user.click(within(form).getByRole('button', { name: messages.clubs.createCard }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(messages.clubs.resetDatePast);

    refuse = false;
    await app.user.click(within(form).getByRole('button', { name: messages.clubs.createCard }));
    expect(await screen.findByText(messages.clubs.cardCreated)).toBeInTheDocument();
    const sent = app.api.requestsTo('POST /api/clubs/c-card/cards')[1]?.body as Record<
      string,
      unknown
    >;
    expect(sent.title).toBe('Winter Reads');
    expect(sent.resetDate).toBe('2026-12-31');
    expect(sent.challenges).toHaveLength(16);
    expect(sent.rules).toHaveLength(16);
    // Issue 22: the editor's short labels go with the card.
    expect(sent.labels).toEqual([...DEFAULT_CHALLENGE_LABELS]);
    await waitFor(() =>
      expect(
        within(panel).queryByRole('region', { name: messages.clubs.createCard }),
      ).not.toBeInTheDocument(),
    );
  });

  it('makes an invitation link with the chosen expiry, shows it once with Copy, and revokes a live one', async () => {
    const club = buildClub({ id: 'c-inv', role: 'owner' });
    const live = buildInvite({
      id: 'inv-1',
      createdAt: '2026-11-04T10:00:00.000Z',
      expiresAt: null,
    });
    const made = buildInvite({
      id: 'inv-2',
      createdAt: '2026-11-23T10:00:00.000Z',
      expiresAt: '2026-11-30T10:00:00.000Z',
    });
    let invites = [live];
    const app = await openClub(club, {
      'GET /api/clubs/c-inv/invites': () => ({ body: { invites } }),
      // Issue 24: the join code's section sits under the links.
      'GET /api/clubs/c-inv/join-code': { body: { joinCode: null } },
      'POST /api/clubs/c-inv/invites': () => {
        invites = [made, live];
        return {
          status: 201,
          body: {
            invite: made,
            path: '/clubs/join/tok_abc',
            message: messages.clubs.inviteCreated,
          },
        };
      },
      'DELETE /api/clubs/c-inv/invites/inv-1': () => {
        invites = [made];
        return { body: { message: messages.clubs.inviteRevoked } };
      },
    });
    const panel = await openClubTab(app, messages.clubs.tabInvites);
    expect(await within(panel).findByText(messages.clubs.inviteNeverExpires)).toBeVisible();

    await app.user.selectOptions(
      within(panel).getByLabelText(messages.clubs.inviteExpiryLabel),
      messages.clubs.inviteDays(7),
    );
    await app.user.click(within(panel).getByRole('button', { name: messages.clubs.createInvite }));

    const link = await within(panel).findByRole('textbox', {
      name: messages.clubs.inviteLinkLabel,
    });
    expect(link).toHaveValue(`${window.location.origin}/clubs/join/tok_abc`);
    expect(within(panel).getByRole('status')).toHaveTextContent(messages.clubs.inviteCreated);
    expect(app.api.requestsTo('POST /api/clubs/c-inv/invites')[0]?.body).toEqual({
      expiresInDays: 7,
    });
    await app.user.click(within(panel).getByRole('button', { name: messages.clubs.copy }));
    expect(await within(panel).findByText(messages.clubs.copied)).toBeVisible();
    await expect(navigator.clipboard.readText()).resolves.toBe(
      `${window.location.origin}/clubs/join/tok_abc`,
    );

    const made4Nov = messages.clubs.inviteMadeOn('4 Nov 2026');
    await app.user.click(
      within(panel).getByRole('button', { name: `${messages.clubs.inviteRevoke}: ${made4Nov}` }),
    );
    expect(await screen.findByText(messages.clubs.inviteRevoked)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(panel).queryByText(messages.clubs.inviteNeverExpires)).not.toBeInTheDocument(),
    );
  });

  it('approves and declines requests to join', async () => {
    const club = buildClub({ id: 'c-req', role: 'owner' });
    const first = buildJoinRequest({ userId: 'u-1', username: 'nibbles' });
    const second = buildJoinRequest({ userId: 'u-2', username: 'quill' });
    let requests = [first, second];
    const app = await openClub(club, {
      'GET /api/clubs/c-req/requests': () => ({ body: { requests } }),
      'POST /api/clubs/c-req/requests/u-1/approve': () => {
        requests = [second];
        return { body: { message: messages.clubs.approved } };
      },
      'DELETE /api/clubs/c-req/requests/u-2': () => {
        requests = [];
        return { body: { message: messages.clubs.declined } };
      },
    });
    const panel = await openClubTab(app, messages.clubs.tabRequests);
    await app.user.click(
      await within(panel).findByRole('button', { name: `${messages.clubs.approve}: nibbles` }),
    );
    expect(await screen.findByText(messages.clubs.approved)).toBeInTheDocument();
    await waitFor(() => expect(within(panel).queryByText('nibbles')).not.toBeInTheDocument());

    await app.user.click(
      within(panel).getByRole('button', { name: `${messages.clubs.decline}: quill` }),
    );
    expect(await within(panel).findByText(messages.clubs.noRequests)).toBeVisible();
    expect(app.api.requestsTo('DELETE /api/clubs/c-req/requests/u-2')).toHaveLength(1);
  });

  it('deletes the club after the question and returns to the club list', async () => {
    const club = buildClub({ id: 'c-del', role: 'owner' });
    const { user, api } = await openClub(club, {
      'DELETE /api/clubs/c-del': { body: { message: messages.clubs.deleted } },
      'GET /api/clubs': { body: { clubs: [] } },
      'GET /api/grids': { body: { grids: [] } },
    });
    await user.click(screen.getByRole('button', { name: messages.clubs.deleteClub }));
    const question = screen.getByRole('dialog', { name: messages.clubs.deleteTitle });
    expect(question).toHaveTextContent(messages.clubs.deleteExplained);
    await user.click(within(question).getByRole('button', { name: 'YES' }));

    expect(await screen.findByText(messages.clubs.noClubs)).toBeVisible();
    expect(api.requestsTo('DELETE /api/clubs/c-del')).toHaveLength(1);
  });
});
