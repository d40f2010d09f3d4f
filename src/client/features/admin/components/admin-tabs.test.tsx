import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../lib/messages';
import type { AdminUser } from '../../../../lib/schemas/admin';
import type { ModerationItem } from '../../../../lib/schemas/moderation';
import { buildAdmin } from '../../../test-utils/factories';
import { apiErrorReply, mockApi, type MockRoutes } from '../../../test-utils/mock-api';
import { renderApp } from '../../../test-utils/render-app';

const text = messages.adminPage;

function reader(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 'u-ann',
    name: 'Ann Reader',
    username: 'ann',
    email: 'ann@example.com',
    role: 'user',
    status: 'active',
    statusUntil: null,
    joinedAt: '2026-01-05T10:00:00.000Z',
    lastSignIn: '2026-11-20T10:00:00.000Z',
    points: 12,
    ...overrides,
  };
}

async function openAdmin(routes: MockRoutes = {}) {
  const api = mockApi({
    'GET /api/me': { body: { user: buildAdmin({ id: 'me-admin' }) } },
    'GET /api/settings/reset-date': { body: { resetDate: '2025-06-30T23:59:59.000Z' } },
    'GET /api/grids': { body: { grids: [] } },
    ...routes,
  });
  const app = renderApp('/admin');
  // The page is a lazy chunk: its first load may be slow on a busy machine.
  await screen.findByRole('heading', { level: 1, name: 'Admin' }, { timeout: 15_000 });
  return { ...app, api };
}

async function openTab(app: Awaited<ReturnType<typeof openAdmin>>, name: string) {
  await app.user.click(screen.getByRole('tab', { name }));
  return screen.getByRole('tabpanel', { name });
}

describe('AdminPage: tabs', () => {
  it('moves between the tabs with the arrow keys, Home and End', async () => {
    const app = await openAdmin({
      'GET /api/admin/users': { body: { users: [], nextCursor: null } },
      'GET /api/admin/reports': { body: { items: [], nextCursor: null } },
    });
    const tablist = screen.getByRole('tablist', { name: text.tabsLabel });
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      text.tabCard,
      text.tabReaders,
      text.tabBooks,
      text.tabAudit,
      text.tabModeration,
    ]);
    const card = screen.getByRole('tab', { name: text.tabCard });
    expect(card).toHaveAttribute('aria-selected', 'true');
    card.focus();

    await app.user.keyboard('{ArrowRight}');
    const readers = screen.getByRole('tab', { name: text.tabReaders });
    expect(readers).toHaveFocus();
    expect(readers).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText(text.noReaders)).toBeInTheDocument();

    await app.user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: text.tabModeration })).toHaveFocus();
    expect(await screen.findByText(text.noReports)).toBeInTheDocument();

    await app.user.keyboard('{ArrowRight}');
    expect(card).toHaveFocus();
    expect(card).toHaveAttribute('aria-selected', 'true');
    await app.user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: text.tabModeration })).toHaveFocus();
    await app.user.keyboard('{Home}');
    expect(card).toHaveFocus();
  });
});

describe('AdminPage: readers', () => {
  it('searches by name, username or email and pages with More', async () => {
    const app = await openAdmin({
      'GET /api/admin/users': (request) => {
        const params = new URLSearchParams(request.search);
        if (params.get('cursor') === 'u-ann')
          return { body: { users: [reader({ id: 'u-bo', username: 'bo' })], nextCursor: null } };
        if (params.get('q') === 'ann') return { body: { users: [reader()], nextCursor: 'u-ann' } };
        return { body: { users: [], nextCursor: null } };
      },
    });
    const panel = await openTab(app, text.tabReaders);
    expect(await within(panel).findByText(text.noReaders)).toBeInTheDocument();

    await app.user.type(within(panel).getByLabelText(text.searchLabel), ' ann ');
    await app.user.click(within(panel).getByRole('button', { name: text.searchButton }));

    const card = await within(panel).findByRole('listitem', { name: 'ann' });
    expect(card).toHaveTextContent('ann@example.com');
    expect(card).toHaveTextContent(text.statusActive);
    expect(card).toHaveTextContent('12');
    expect(within(card).getByRole('button', { name: text.makeAdmin('ann') })).toBeEnabled();
    expect(app.api.requestsTo('GET /api/admin/users').at(-1)?.search).toBe('?q=ann');

    await app.user.click(within(panel).getByRole('button', { name: text.more }));
    expect(await within(panel).findByRole('listitem', { name: 'bo' })).toBeInTheDocument();
    expect(within(panel).getByRole('listitem', { name: 'ann' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: text.more })).not.toBeInTheDocument();
  });

  it('shows locked and suspended readers with their end date and the matching actions', async () => {
    const app = await openAdmin({
      'GET /api/admin/users': {
        body: {
          users: [
            reader({
              id: 'u-l',
              username: 'locked1',
              status: 'locked',
              statusUntil: '2026-12-01T10:00:00.000Z',
            }),
            reader({ id: 'u-s', username: 'gone1', status: 'suspended', statusUntil: null }),
            reader({ id: 'me-admin', username: 'me', role: 'admin' }),
          ],
          nextCursor: null,
        },
      },
      'POST /api/admin/users/u-l/unlock': { body: { message: messages.admin.unlocked } },
      'DELETE /api/admin/users/u-s/suspension': { body: { message: text.suspensionLifted } },
    });
    const panel = await openTab(app, text.tabReaders);
    const locked = await within(panel).findByRole('listitem', { name: 'locked1' });
    expect(locked).toHaveTextContent(text.statusLocked('1 Dec 2026'));
    const suspended = within(panel).getByRole('listitem', { name: 'gone1' });
    expect(suspended).toHaveTextContent(text.statusSuspended(null));
    // No actions on one's own account.
    expect(
      within(within(panel).getByRole('listitem', { name: 'me' })).queryAllByRole('button'),
    ).toHaveLength(0);

    await app.user.click(within(locked).getByRole('button', { name: text.unlock('locked1') }));
    expect(await screen.findByText(messages.admin.unlocked)).toBeInTheDocument();
    await app.user.click(
      within(suspended).getByRole('button', { name: text.liftSuspension('gone1') }),
    );
    expect(await screen.findByText(text.suspensionLifted)).toBeInTheDocument();
    expect(app.api.requestsTo('DELETE /api/admin/users/u-s/suspension')).toHaveLength(1);
  });

  it('the suspend dialog checks days and reason before sending anything', async () => {
    const app = await openAdmin({
      'GET /api/admin/users': { body: { users: [reader()], nextCursor: null } },
      'POST /api/admin/users/u-ann/suspension': { body: { message: text.suspended } },
    });
    const panel = await openTab(app, text.tabReaders);
    const card = await within(panel).findByRole('listitem', { name: 'ann' });
    await app.user.click(within(card).getByRole('button', { name: text.suspend('ann') }));
    const dialog = screen.getByRole('dialog', { name: text.suspendTitle('ann') });

    // No reason.
    await app.user.click(within(dialog).getByRole('button', { name: text.suspendButton }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Say why: the audit log keeps the reason.',
    );
    // Zero days.
    await app.user.type(within(dialog).getByLabelText(text.reasonLabel), 'Abusive reviews');
    const days = within(dialog).getByLabelText(text.daysLabel);
    await app.user.clear(days);
    await app.user.type(days, '0');
    await app.user.click(within(dialog).getByRole('button', { name: text.suspendButton }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'A suspension lasts at least 1 day.',
    );
    // No number at all.
    await app.user.clear(days);
    await app.user.click(within(dialog).getByRole('button', { name: text.suspendButton }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Give the number of days, or choose for good.',
    );
    expect(app.api.requestsTo('POST /api/admin/users/u-ann/suspension')).toHaveLength(0);

    await app.user.type(days, '14');
    await app.user.click(within(dialog).getByRole('button', { name: text.suspendButton }));
    expect(await screen.findByText(text.suspended)).toBeInTheDocument();
    expect(app.api.requestsTo('POST /api/admin/users/u-ann/suspension')[0]?.body).toEqual({
      days: 14,
      reason: 'Abusive reviews',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('suspends for good with days null, and keeps the dialog open on a refusal', async () => {
    let calls = 0;
    const app = await openAdmin({
      'GET /api/admin/users': { body: { users: [reader()], nextCursor: null } },
      'POST /api/admin/users/u-ann/suspension': () => {
        calls += 1;
        return calls === 1
          ? apiErrorReply(404, messages.admin.readerNotFound)
          : { body: { message: text.suspended } };
      },
    });
    const panel = await openTab(app, text.tabReaders);
    const card = await within(panel).findByRole('listitem', { name: 'ann' });
    await app.user.click(within(card).getByRole('button', { name: text.suspend('ann') }));
    const dialog = screen.getByRole('dialog', { name: text.suspendTitle('ann') });
    await app.user.click(within(dialog).getByRole('radio', { name: text.suspendForGood }));
    expect(within(dialog).queryByLabelText(text.daysLabel)).not.toBeInTheDocument();
    await app.user.type(within(dialog).getByLabelText(text.reasonLabel), 'Spam');
    await app.user.click(within(dialog).getByRole('button', { name: text.suspendButton }));
    expect(await screen.findByText(messages.admin.readerNotFound)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: text.suspendTitle('ann') })).toBeInTheDocument();
    expect(app.api.requestsTo('POST /api/admin/users/u-ann/suspension')[0]?.body).toEqual({
      days: null,
      reason: 'Spam',
    });
  });

  it('erases only with a reason and the word typed, then puts the focus on the list', async () => {
    const app = await openAdmin({
      'GET /api/admin/users': { body: { users: [reader()], nextCursor: null } },
      'POST /api/admin/users/u-ann/erase': { body: { message: text.erased } },
    });
    const panel = await openTab(app, text.tabReaders);
    const card = await within(panel).findByRole('listitem', { name: 'ann' });
    await app.user.click(within(card).getByRole('button', { name: text.erase('ann') }));
    const dialog = screen.getByRole('alertdialog', { name: text.eraseTitle('ann') });
    await app.user.type(within(dialog).getByLabelText(text.reasonLabel), 'School asked');
    await app.user.type(
      within(dialog).getByLabelText(text.eraseConfirmLabel(text.eraseConfirmWord)),
      'erase',
    );
    await app.user.click(within(dialog).getByRole('button', { name: text.eraseButton }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      text.eraseConfirmMismatch(text.eraseConfirmWord),
    );
    expect(app.api.requestsTo('POST /api/admin/users/u-ann/erase')).toHaveLength(0);

    const typed = within(dialog).getByLabelText(text.eraseConfirmLabel(text.eraseConfirmWord));
    await app.user.clear(typed);
    await app.user.type(typed, text.eraseConfirmWord);
    await app.user.click(within(dialog).getByRole('button', { name: text.eraseButton }));
    expect(await screen.findByText(text.erased)).toBeInTheDocument();
    expect(app.api.requestsTo('POST /api/admin/users/u-ann/erase')[0]?.body).toEqual({
      reason: 'School asked',
    });
    expect(within(panel).getByRole('heading', { name: text.readersHeading })).toHaveFocus();
  });

  it('says when the list cannot be loaded', async () => {
    const app = await openAdmin({
      'GET /api/admin/users': apiErrorReply(500, 'boom'),
    });
    const panel = await openTab(app, text.tabReaders);
    expect(await within(panel).findByRole('alert')).toHaveTextContent(text.loadFailed);
  });
});

describe('AdminPage: imported books and the audit log', () => {
  it('confirms and rejects an imported book', async () => {
    const app = await openAdmin({
      'GET /api/admin/books/unconfirmed': {
        body: {
          books: [
            {
              isbn: '9780000000001',
              title: 'Quiet Burrows',
              authors: 'H. Hog',
              coverUrl: null,
              readers: 2,
              addedAt: '2026-11-01T00:00:00.000Z',
            },
          ],
          nextCursor: null,
        },
      },
      'POST /api/admin/books/9780000000001/reject': {
        body: { message: messages.admin.bookRejected },
      },
    });
    const panel = await openTab(app, text.tabBooks);
    expect(
      await within(panel).findByText(text.bookReaders(2), { exact: false }),
    ).toBeInTheDocument();
    expect(
      within(panel).getByRole('button', { name: text.confirmBook('Quiet Burrows') }),
    ).toBeEnabled();
    await app.user.click(
      within(panel).getByRole('button', { name: text.rejectBook('Quiet Burrows') }),
    );
    expect(await screen.findByText(messages.admin.bookRejected)).toBeInTheDocument();
  });

  it('shows each audit entry with a readable label, read-only', async () => {
    const app = await openAdmin({
      'GET /api/admin/audit': {
        body: {
          entries: [
            {
              id: 'a1',
              actorName: 'Boss',
              actorId: 'me-admin',
              action: 'user.suspend',
              targetType: 'user',
              targetId: 'u-ann',
              targetLabel: messages.auditNames.reader('ann'),
              reason: 'Abusive reviews',
              detail: { days: 7 },
              createdAt: '2026-11-28T09:30:00.000Z',
            },
            {
              id: 'a2',
              actorName: null,
              actorId: 'opaque-1',
              action: 'post.hide',
              targetType: 'post',
              targetId: 'p-gone',
              targetLabel: messages.auditNames.removedPost,
              reason: '',
              detail: {},
              createdAt: '2026-11-28T09:00:00.000Z',
            },
          ],
          nextCursor: null,
        },
      },
    });
    const panel = await openTab(app, text.tabAudit);
    expect(
      await within(panel).findByRole('heading', { name: text.auditActions['user.suspend'] }),
    ).toBeInTheDocument();
    expect(panel).toHaveTextContent('Abusive reviews');
    expect(panel).toHaveTextContent(text.auditBy('Boss'));
    // Names, not ids: the target as the server names it now, and an erased actor.
    const [suspended, hidden] = within(panel).getAllByRole('listitem');
    expect(suspended).toHaveTextContent(messages.auditNames.target('ann (reader)'));
    expect(hidden).toHaveTextContent(messages.auditNames.target('a post that was removed'));
    expect(hidden).toHaveTextContent(text.auditBy(null));
    expect(hidden).toHaveTextContent('by an erased admin');
    expect(panel).not.toHaveTextContent('u-ann');
    expect(panel).not.toHaveTextContent('p-gone');
    expect(within(panel).queryAllByRole('button')).toHaveLength(0);
  });
});

function reportedPost(overrides: Partial<ModerationItem> = {}): ModerationItem {
  return {
    targetType: 'post',
    targetId: 'p1',
    snapshot: { body: 'Rude words', title: 'Dune', ownerId: 'u-ann', ownerName: 'ann' },
    current: { body: 'Rude words', title: 'Dune', ownerId: 'u-ann', ownerName: 'ann' },
    reports: 3,
    reasons: { harassment: 2, spam: 1 },
    notes: ['Please look'],
    firstReportedAt: '2026-11-27T00:00:00.000Z',
    lastReportedAt: '2026-11-28T00:00:00.000Z',
    hidden: false,
    ...overrides,
  };
}

describe('AdminPage: moderation', () => {
  it('shows a reported post with its counts and notes, and hides it with the reason', async () => {
    const app = await openAdmin({
      'GET /api/admin/reports': { body: { items: [reportedPost()], nextCursor: null } },
      'POST /api/admin/posts/p1/hide': { body: { message: 'Post hidden.' } },
    });
    const panel = await openTab(app, text.tabModeration);
    const item = await within(panel).findByRole('listitem', { name: 'Post: Dune' });
    expect(item).toHaveTextContent(text.reportCount(3));
    expect(item).toHaveTextContent(`${messages.reporting.reasons.harassment}: 2`);
    expect(item).toHaveTextContent('Please look');
    expect(item).toHaveTextContent(text.unchanged);

    await app.user.type(within(item).getByLabelText(text.reasonOptionalLabel), 'Harassment');
    await app.user.click(
      within(item).getByRole('button', {
        name: text.moderationActionLabel(text.hidePost, 'Post: Dune'),
      }),
    );
    expect(await screen.findByText('Post hidden.')).toBeInTheDocument();
    expect(app.api.requestsTo('POST /api/admin/posts/p1/hide')[0]?.body).toEqual({
      reason: 'Harassment',
    });
  });

  it('removes a post only after the confirmation, and resets a profile', async () => {
    const app = await openAdmin({
      'GET /api/admin/reports': {
        body: {
          items: [
            reportedPost({ hidden: true }),
            reportedPost({
              targetType: 'profile',
              targetId: 'u-bo',
              snapshot: { body: 'Bad bio', title: 'bo', ownerId: 'u-bo', ownerName: 'bo' },
              current: { body: 'New bio', title: 'bo', ownerId: 'u-bo', ownerName: 'bo' },
            }),
          ],
          nextCursor: null,
        },
      },
      'DELETE /api/admin/posts/p1': { body: { message: 'Post removed.' } },
      'POST /api/admin/users/u-bo/reset-profile': { body: { message: 'Profile reset.' } },
    });
    const panel = await openTab(app, text.tabModeration);
    const post = await within(panel).findByRole('listitem', { name: /Post: Dune/ });
    expect(
      within(post).getByRole('button', {
        name: text.moderationActionLabel(text.unhidePost, 'Post: Dune'),
      }),
    ).toBeInTheDocument();
    await app.user.click(
      within(post).getByRole('button', {
        name: text.moderationActionLabel(text.removePost, 'Post: Dune'),
      }),
    );
    const confirm = screen.getByRole('dialog', { name: text.removeConfirmTitle });
    expect(app.api.requestsTo('DELETE /api/admin/posts/p1')).toHaveLength(0);
    await app.user.click(within(confirm).getByRole('button', { name: 'YES' }));
    expect(await screen.findByText('Post removed.')).toBeInTheDocument();

    const profile = within(panel).getByRole('listitem', { name: 'Profile: bo' });
    expect(profile).toHaveTextContent('Bad bio');
    expect(profile).toHaveTextContent('New bio');
    await app.user.click(
      within(profile).getByRole('button', {
        name: text.moderationActionLabel(text.resetProfile, 'Profile: bo'),
      }),
    );
    expect(await screen.findByText('Profile reset.')).toBeInTheDocument();
    expect(app.api.requestsTo('POST /api/admin/users/u-bo/reset-profile')[0]?.body).toEqual({
      fields: ['name', 'bio'],
    });
  });
});

describe('AdminPage: the current card', () => {
  const grid = {
    id: 'g1',
    title: 'May Reading Challenge',
    createdAt: '2026-05-01T00:00:00Z',
    isCurrent: true,
  };
  const cells = Array.from({ length: 16 }, (_, position) => ({
    id: `c${position}`,
    position,
    challenge: `Challenge text ${position + 1}`,
    label: `Label ${position + 1}`,
    placement: null,
  }));
  const cardRoutes: MockRoutes = {
    'GET /api/grids': { body: { grids: [grid] } },
    'GET /api/bingo/grids/g1': {
      body: { grid, cells, points: 0, resetDate: null },
    },
  };

  it("offers the current card's results as a CSV download", async () => {
    await openAdmin(cardRoutes);
    const link = await screen.findByRole('link', {
      name: messages.cardResults.downloadLabel(grid.title),
    });
    expect(link).toHaveAttribute('href', '/api/grids/g1/results.csv');
    expect(link).toHaveAttribute('download');
  });

  it("corrects a square's challenge and label; the server's refusal is shown", async () => {
    const app = await openAdmin({
      ...cardRoutes,
      'PUT /api/admin/grids/g1/cells/2': apiErrorReply(409, messages.admin.cellHasPlacements),
    });
    const square = await screen.findByLabelText(text.squareLabel);
    await app.user.selectOptions(square, text.squareOption(3, 'Challenge text 3'));
    const challenge = screen.getByLabelText(text.challengeLabel);
    expect(challenge).toHaveValue('Challenge text 3');
    await app.user.clear(challenge);
    await app.user.type(challenge, 'A book about moles');
    await app.user.clear(screen.getByLabelText(text.shortLabel));
    await app.user.click(screen.getByRole('button', { name: text.saveSquare }));
    expect(await screen.findByText(messages.admin.cellHasPlacements)).toBeInTheDocument();
    expect(app.api.requestsTo('PUT /api/admin/grids/g1/cells/2')[0]?.body).toEqual({
      challenge: 'A book about moles',
      label: null,
    });
  });

  it('ends the card early only with a reason and after a confirmation', async () => {
    const app = await openAdmin({
      ...cardRoutes,
      'POST /api/admin/grids/g1/end': { body: { message: messages.admin.gridEnded } },
    });
    const end = await screen.findByRole('button', { name: text.endButton });
    await app.user.click(end);
    expect(screen.getByText(messages.admin.reasonRequired)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const section = screen.getByRole('group', { name: text.endHeading });
    await app.user.type(within(section).getByLabelText(text.reasonLabel), 'Typo everywhere');
    await app.user.click(end);
    const confirm = screen.getByRole('dialog', { name: text.endConfirmTitle });
    expect(confirm).toHaveTextContent(text.endConfirmQuestion('May Reading Challenge'));
    await app.user.click(within(confirm).getByRole('button', { name: 'YES' }));
    expect(await screen.findByText(messages.admin.gridEnded)).toBeInTheDocument();
    expect(app.api.requestsTo('POST /api/admin/grids/g1/end')[0]?.body).toEqual({
      reason: 'Typo everywhere',
    });
  });
});
