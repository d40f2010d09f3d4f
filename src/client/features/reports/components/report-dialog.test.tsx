import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../lib/messages';
import type { CurrentUser } from '../../../services/session-api';
import { buildUser } from '../../../test-utils/factories';
import { apiErrorReply, mockApi, type MockRoutes } from '../../../test-utils/mock-api';
import { renderApp } from '../../../test-utils/render-app';
import { buildClub, buildFeedPage, buildPost } from '../../blog/testing/blog-factories';

const text = messages.reporting;

async function openBlog(
  posts: ReturnType<typeof buildPost>[],
  {
    user = buildUser(),
    path = '/blog',
    routes = {},
  }: { user?: CurrentUser; path?: string; routes?: MockRoutes } = {},
) {
  const api = mockApi({
    'GET /api/me': { body: { user } },
    'GET /api/posts': { body: buildFeedPage(posts) },
    'GET /api/clubs': { body: { clubs: [] } },
    ...routes,
  });
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Blog' }, { timeout: 15_000 });
  return { ...app, api };
}

describe('Reporting a post', () => {
  it('asks for a reason, sends the report with its note and shows the answer', async () => {
    const post = buildPost({ id: 'p-dune', bookTitle: 'Dune' });
    const app = await openBlog([post], {
      routes: {
        'POST /api/reports': {
          status: 201,
          body: { message: 'Thank you: your report was received.' },
        },
      },
    });
    const card = await screen.findByRole('article', { name: 'Dune' });
    await app.user.click(within(card).getByRole('button', { name: text.reportPost('Dune') }));
    const dialog = screen.getByRole('dialog', { name: text.reportPost('Dune') });
    const reasons = within(dialog).getAllByRole('radio');
    expect(reasons.map((radio) => radio.closest('label')?.textContent?.trim())).toEqual([
      text.reasons.spam,
      text.reasons.harassment,
      text.reasons.inappropriate,
      text.reasons.spoilers,
      text.reasons.other,
    ]);
    expect(within(dialog).getByLabelText(text.noteLabel)).toHaveAttribute('maxlength', '500');

    await app.user.click(within(dialog).getByRole('button', { name: text.send }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(text.reasonRequired);
    expect(app.api.requestsTo('POST /api/reports')).toHaveLength(0);

    await app.user.click(within(dialog).getByRole('radio', { name: text.reasons.spoilers }));
    await app.user.type(within(dialog).getByLabelText(text.noteLabel), 'Ending given away');
    await app.user.click(within(dialog).getByRole('button', { name: text.send }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Thank you: your report was received.',
    );
    expect(app.api.requestsTo('POST /api/reports')[0]?.body).toEqual({
      targetType: 'post',
      targetId: 'p-dune',
      reason: 'spoilers',
      note: 'Ending given away',
    });
    const close = within(dialog).getByRole('button', { name: text.close });
    await app.user.click(close);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  }, 60_000);

  it("shows the server's refusal in the dialog and keeps what was written", async () => {
    const post = buildPost({ bookTitle: 'Emma' });
    const app = await openBlog([post], {
      routes: {
        'POST /api/reports': apiErrorReply(409, 'You have already reported this.'),
      },
    });
    const card = await screen.findByRole('article', { name: 'Emma' });
    await app.user.click(within(card).getByRole('button', { name: text.reportPost('Emma') }));
    const dialog = screen.getByRole('dialog');
    await app.user.click(within(dialog).getByRole('radio', { name: text.reasons.spam }));
    await app.user.click(within(dialog).getByRole('button', { name: text.send }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You have already reported this.',
    );
    expect(within(dialog).getByRole('radio', { name: text.reasons.spam })).toBeChecked();
  });

  it("offers no Report on one's own post, and marks it when a moderator hid it", async () => {
    const own = { ...buildPost({ bookTitle: 'Mine', isOwn: true }), hidden: true };
    await openBlog([own]);
    const card = await screen.findByRole('article', { name: 'Mine' });
    expect(within(card).queryByRole('button', { name: text.reportPost('Mine') })).toBeNull();
    expect(card).toHaveTextContent(text.hiddenByModerator);
  });
  // Guests never reach the blog, a profile or a club (member pages); ReportButton also
  // renders nothing for a guest.
});

describe("A club owner's Hide from club feed and Show in club feed", () => {
  it("hides another member's post: it stays for the owner, marked, with Show in club feed", async () => {
    const club = buildClub({ id: 'c1', name: 'Hogs', role: 'owner' });
    const post = buildPost({ id: 'p-9', bookTitle: 'Spiky', hiddenInClub: false });
    const app = await openBlog([post], {
      path: '/blog?filter=club&clubId=c1',
      routes: {
        'GET /api/clubs': { body: { clubs: [club] } },
        'POST /api/clubs/c1/posts/p-9/hide': {
          body: { message: messages.moderation.clubPostHidden },
        },
        'DELETE /api/clubs/c1/posts/p-9/hide': {
          body: { message: messages.moderation.clubPostShown },
        },
      },
    });
    const card = await screen.findByRole('article', { name: 'Spiky' });
    expect(card).not.toHaveTextContent(text.hiddenInClubNotice);
    await app.user.click(
      await within(card).findByRole('button', { name: text.hideFromClubLabel('Spiky') }),
    );
    expect(await screen.findByText(messages.moderation.clubPostHidden)).toBeInTheDocument();
    expect(app.api.requestsTo('POST /api/clubs/c1/posts/p-9/hide')).toHaveLength(1);

    // Still there for the owner, marked, and the focus stays on the same button, now Show.
    const shown = within(card).getByRole('button', { name: text.showInClubLabel('Spiky') });
    expect(shown).toHaveTextContent(text.showInClub);
    expect(shown).toHaveFocus();
    expect(card).toHaveTextContent(text.hiddenInClubNotice);
    expect(card).toHaveTextContent(text.hiddenInClubExplained);

    await app.user.click(shown);
    expect(await screen.findByText(messages.moderation.clubPostShown)).toBeInTheDocument();
    expect(app.api.requestsTo('DELETE /api/clubs/c1/posts/p-9/hide')).toHaveLength(1);
    expect(card).not.toHaveTextContent(text.hiddenInClubNotice);
    expect(
      within(card).getByRole('button', { name: text.hideFromClubLabel('Spiky') }),
    ).toHaveFocus();
  });

  it('marks the posts the server says the owners hid, even their own, with Show in club feed', async () => {
    const club = buildClub({ id: 'c3', role: 'co_owner' });
    const app = await openBlog(
      [
        buildPost({ id: 'p-own', bookTitle: 'Mine Hidden', isOwn: true, hiddenInClub: true }),
        buildPost({ id: 'p-other', bookTitle: 'Theirs Hidden', hiddenInClub: true }),
        buildPost({ bookTitle: 'Mine Shown', isOwn: true, hiddenInClub: false }),
      ],
      {
        path: '/blog?filter=club&clubId=c3',
        routes: {
          'GET /api/clubs': { body: { clubs: [club] } },
          'DELETE /api/clubs/c3/posts/p-other/hide': { body: { message: '' } },
        },
      },
    );
    for (const title of ['Mine Hidden', 'Theirs Hidden']) {
      const card = await screen.findByRole('article', { name: title });
      expect(card).toHaveTextContent(text.hiddenInClubNotice);
      expect(within(card).getByRole('button', { name: text.showInClubLabel(title) })).toBeVisible();
    }
    // Their own post that is not hidden offers no Hide, as before.
    const own = screen.getByRole('article', { name: 'Mine Shown' });
    expect(within(own).queryByRole('button', { name: /club feed/ })).toBeNull();

    // The server's answer without a text: the catalogue's.
    await app.user.click(
      within(screen.getByRole('article', { name: 'Theirs Hidden' })).getByRole('button', {
        name: text.showInClubLabel('Theirs Hidden'),
      }),
    );
    expect(await screen.findByText(text.shownInClub)).toBeInTheDocument();
  });

  it('shows why a hide failed and leaves the post as it was', async () => {
    const club = buildClub({ id: 'c4', role: 'owner' });
    const app = await openBlog([buildPost({ id: 'p-4', bookTitle: 'Stays' })], {
      path: '/blog?filter=club&clubId=c4',
      routes: {
        'GET /api/clubs': { body: { clubs: [club] } },
        'POST /api/clubs/c4/posts/p-4/hide': apiErrorReply(
          404,
          messages.moderation.postNotFound,
          'NOT_FOUND',
        ),
      },
    });
    const card = await screen.findByRole('article', { name: 'Stays' });
    await app.user.click(
      within(card).getByRole('button', { name: text.hideFromClubLabel('Stays') }),
    );
    expect(await screen.findByText(messages.moderation.postNotFound)).toBeInTheDocument();
    expect(card).not.toHaveTextContent(text.hiddenInClubNotice);
  });

  it('is not offered to a plain member', async () => {
    const club = buildClub({ id: 'c2', role: 'member' });
    await openBlog([buildPost({ bookTitle: 'Plain' })], {
      path: '/blog?filter=club&clubId=c2',
      routes: { 'GET /api/clubs': { body: { clubs: [club] } } },
    });
    const card = await screen.findByRole('article', { name: 'Plain' });
    expect(within(card).queryByRole('button', { name: /club feed/ })).toBeNull();
    expect(card).not.toHaveTextContent(text.hiddenInClubNotice);
  });
});
