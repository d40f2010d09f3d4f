import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../lib/messages';
import type { FeedResponse } from '../../../../lib/schemas/posts';
import { buildUser } from '../../../test-utils/factories';
import {
  apiErrorReply,
  heldReply,
  mockApi,
  type MockHandler,
  type MockReply,
  type RecordedRequest,
} from '../../../test-utils/mock-api';
import { renderApp } from '../../../test-utils/render-app';
import { buildClub, buildFeedPage, buildPost } from '../testing/blog-factories';

function paramsOf(request: RecordedRequest) {
  return new URLSearchParams(request.search);
}

/** A feed by filter: every filter answers its own page (or reply). */
function feedBy(pages: Partial<Record<string, FeedResponse | MockReply>>): MockHandler {
  return (request) => {
    const page = pages[paramsOf(request).get('filter') ?? ''];
    if (!page) return apiErrorReply(500, 'no page for this filter');
    return 'posts' in page ? { body: page } : page;
  };
}

/** The viewer's clubs (issue 12): none unless a test says otherwise. */
const NO_CLUBS: MockReply = { body: { clubs: [] } };

async function openBlog(posts: MockReply | MockHandler, path = '/blog', clubs = NO_CLUBS) {
  const api = mockApi({
    'GET /api/me': { body: { user: buildUser() } },
    'GET /api/posts': posts,
    'GET /api/clubs': clubs,
  });
  const app = renderApp(path);
  // The page is a lazy chunk: its first load may be slow on a busy machine.
  await screen.findByRole('heading', { level: 1, name: 'Blog' }, { timeout: 15_000 });
  return { ...app, api };
}

function postCard(bookTitle: string): HTMLElement {
  return screen.getByRole('article', { name: bookTitle });
}

describe('BlogPage: posts and filters', () => {
  it('shows each post: cover, book title, username, date, body and rating', async () => {
    const post = buildPost({
      bookIsbn: '9780441172719',
      bookTitle: 'Dune',
      username: 'sandy_hog',
      userId: 'u-sandy',
      body: '<p>Spice <strong>must</strong> flow.</p>',
      rating: 4,
      createdAt: '2025-05-14T10:00:00.000Z',
    });
    const { api } = await openBlog({ body: buildFeedPage([post]) });

    const card = await screen.findByRole('article', { name: 'Dune' });
    expect(within(card).getByRole('img', { name: 'Cover of Dune' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Dune' })).toHaveAttribute(
      'href',
      '/book/9780441172719',
    );
    expect(within(card).getByRole('link', { name: 'sandy_hog' })).toHaveAttribute(
      'href',
      '/friend/u-sandy',
    );
    expect(within(card).getByText('14 May 2025')).toBeInTheDocument();
    expect(within(card).getByText('must').tagName).toBe('STRONG');
    expect(within(card).getByText(messages.blog.rating(4))).toBeInTheDocument();
    expect(paramsOf(api.requestsTo('GET /api/posts')[0]!).get('filter')).toBe('all');
  });

  it('offers the three filters in a labelled select that follows the URL', async () => {
    await openBlog(
      feedBy({ mine: buildFeedPage([buildPost({ bookTitle: 'Mine' })]) }),
      '/blog?filter=mine',
    );

    const select = screen.getByRole('combobox', { name: 'Show' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All Posts', "Friends' Posts", 'My Posts']);
    expect(select).toHaveValue('mine');
    expect(await screen.findByRole('article', { name: 'Mine' })).toBeInTheDocument();
  });

  it('changing the filter loads those posts and keeps the URL in sync', async () => {
    const { user, router, api } = await openBlog(
      feedBy({
        all: buildFeedPage([buildPost({ bookTitle: 'Everyone' })]),
        friends: buildFeedPage([buildPost({ bookTitle: 'From a friend' })]),
      }),
    );
    await screen.findByRole('article', { name: 'Everyone' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), "Friends' Posts");

    expect(await screen.findByRole('article', { name: 'From a friend' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Everyone' })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?filter=friends');
    expect(api.requestsTo('GET /api/posts').map((r) => paramsOf(r).get('filter'))).toEqual([
      'all',
      'friends',
    ]);
  });

  it.each([
    ['all', messages.blog.loadingBlog],
    ['friends', messages.blog.loadingFriends],
    ['mine', messages.blog.loadingBlog],
  ])('shows the loading text for the %s filter', async (filter, text) => {
    const feed = heldReply();
    await openBlog(feed.handler, `/blog?filter=${filter}`);

    expect(screen.getByText(text)).toBeInTheDocument();
    feed.send({ body: buildFeedPage([buildPost({ bookTitle: 'Arrived' })]) });
    expect(await screen.findByRole('article', { name: 'Arrived' })).toBeInTheDocument();
    expect(screen.queryByText(text)).not.toBeInTheDocument();
  });

  it.each([
    ['all', messages.blog.noPosts],
    ['mine', messages.blog.noPosts],
    ['friends', messages.blog.noFriendsPosts],
  ])('shows the empty text for the %s filter', async (filter, text) => {
    await openBlog({ body: buildFeedPage([]) }, `/blog?filter=${filter}`);

    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByText(messages.blog.noMorePosts)).not.toBeInTheDocument();
  });
});

describe('BlogPage: club posts (issue 12)', () => {
  const clubs: MockReply = {
    body: {
      clubs: [
        buildClub({ id: 'c-badgers', name: 'Badgers' }),
        buildClub({ id: 'c-owls', name: 'Owls' }),
      ],
    },
  };
  /** The club feed: each club answers its own posts, ten a page with a cursor. */
  const clubFeed: MockHandler = (request) => {
    const params = paramsOf(request);
    if (params.get('filter') === 'all')
      return { body: buildFeedPage([buildPost({ bookTitle: 'Everyone' })]) };
    if (params.get('filter') !== 'club') return apiErrorReply(500, 'unexpected filter');
    if (params.get('clubId') === 'c-badgers') {
      return params.get('cursor') === 'badgers-2'
        ? { body: buildFeedPage([buildPost({ bookTitle: 'Badger page two' })]) }
        : { body: buildFeedPage([buildPost({ bookTitle: 'Badger review' })], 'badgers-2') };
    }
    if (params.get('clubId') === 'c-owls') return { body: buildFeedPage([]) };
    return apiErrorReply(403, messages.clubs.membersOnly, 'FORBIDDEN');
  };

  it('offers one "Club posts" entry per club, after the three filters', async () => {
    await openBlog(clubFeed, '/blog', clubs);

    const select = screen.getByRole('combobox', { name: 'Show' });
    await within(select).findByRole('option', { name: messages.clubs.postsFilter('Owls') });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'All Posts',
      "Friends' Posts",
      'My Posts',
      messages.clubs.postsFilter('Badgers'),
      messages.clubs.postsFilter('Owls'),
    ]);
  });

  it("choosing a club shows its members' posts, pages with Load More, and keeps the URL", async () => {
    const { user, router, api } = await openBlog(clubFeed, '/blog', clubs);
    await screen.findByRole('article', { name: 'Everyone' });
    const select = screen.getByRole('combobox', { name: 'Show' });
    await within(select).findByRole('option', { name: messages.clubs.postsFilter('Badgers') });

    await user.selectOptions(select, messages.clubs.postsFilter('Badgers'));

    expect(await screen.findByRole('article', { name: 'Badger review' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Everyone' })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?filter=club&clubId=c-badgers');
    expect(select).toHaveDisplayValue(messages.clubs.postsFilter('Badgers'));
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await screen.findByRole('article', { name: 'Badger page two' })).toBeInTheDocument();
    expect(screen.getByText(messages.blog.noMorePosts)).toBeInTheDocument();
    const sent = api.requestsTo('GET /api/posts').map((r) => paramsOf(r).toString());
    expect(sent).toEqual([
      'filter=all',
      'filter=club&clubId=c-badgers',
      'filter=club&clubId=c-badgers&cursor=badgers-2',
    ]);
  });

  it("opens on a club's posts from the address, and says when there are none", async () => {
    await openBlog(clubFeed, '/blog?filter=club&clubId=c-owls', clubs);

    expect(await screen.findByText(messages.blog.noPosts)).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Show' });
    await waitFor(() => expect(select).toHaveDisplayValue(messages.clubs.postsFilter('Owls')));
  });

  it('says so when the reader is not a member of the club in the address', async () => {
    await openBlog(clubFeed, '/blog?filter=club&clubId=c-elsewhere', clubs);

    expect(await screen.findByText(messages.clubs.membersOnly)).toHaveAttribute('role', 'alert');
  });
});

describe('BlogPage: paging', () => {
  it("loads ten more with Load More, following the server's cursor, until 'No more posts.'", async () => {
    const first = Array.from({ length: 10 }, (_, i) => buildPost({ bookTitle: `First ${i + 1}` }));
    const second = [buildPost({ bookTitle: 'Second 1' }), buildPost({ bookTitle: 'Second 2' })];
    const { user, api } = await openBlog((request) => {
      const cursor = paramsOf(request).get('cursor');
      if (cursor === null) return { body: buildFeedPage(first, 'cursor-after-10') };
      if (cursor === 'cursor-after-10') return { body: buildFeedPage(second, null) };
      return apiErrorReply(400, messages.blog.invalidCursor);
    });
    expect(await screen.findAllByRole('article')).toHaveLength(10);
    expect(screen.queryByText(messages.blog.noMorePosts)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load More' }));

    expect(await screen.findByRole('article', { name: 'Second 2' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(12);
    expect(screen.getByText(messages.blog.noMorePosts)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
    const cursors = api.requestsTo('GET /api/posts').map((r) => paramsOf(r).get('cursor'));
    expect(cursors).toEqual([null, 'cursor-after-10']);
  });

  it('says the first page could not be loaded', async () => {
    await openBlog(apiErrorReply(500, 'x'));

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.blog.loadFailed);
  });

  it("shows the server's rate-limit text as a toast", async () => {
    await openBlog(apiErrorReply(429, messages.rateLimit.blogRefreshes, 'RATE_LIMITED'));

    expect(await screen.findByText(messages.rateLimit.blogRefreshes)).toBeInTheDocument();
    expect(screen.getByText(messages.blog.loadFailed)).toBeInTheDocument();
  });

  it('says more posts could not be loaded, and keeps the ones shown', async () => {
    await openBlog((request) =>
      paramsOf(request).get('cursor')
        ? apiErrorReply(503, 'x')
        : { body: buildFeedPage([buildPost({ bookTitle: 'Kept' })], 'next') },
    ).then(async ({ user }) => {
      await user.click(await screen.findByRole('button', { name: 'Load More' }));
    });

    expect(await screen.findByText(messages.blog.loadMoreFailed)).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Kept' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load More' })).toBeEnabled();
  });
});

describe('BlogPage: deleting', () => {
  const mine = buildPost({ id: 'p-mine', bookTitle: 'My Review', isOwn: true });
  const theirs = buildPost({ id: 'p-theirs', bookTitle: 'Their Review', isOwn: false });

  it('offers delete on own posts only', async () => {
    await openBlog({ body: buildFeedPage([mine, theirs]) });
    await screen.findByRole('article', { name: 'My Review' });

    expect(
      within(postCard('My Review')).getByRole('button', { name: 'Delete post' }),
    ).toBeInTheDocument();
    expect(
      within(postCard('Their Review')).queryByRole('button', { name: 'Delete post' }),
    ).not.toBeInTheDocument();
  });

  it('deletes after YES with a toast, and the post disappears', async () => {
    const api = mockApi({
      'GET /api/me': { body: { user: buildUser() } },
      'GET /api/posts': { body: buildFeedPage([mine, theirs]) },
      'GET /api/clubs': NO_CLUBS,
      'DELETE /api/posts/p-mine': { body: { message: messages.blog.deleted } },
    });
    const { user } = renderApp('/blog');
    await screen.findByRole('article', { name: 'My Review' });

    await user.click(within(postCard('My Review')).getByRole('button', { name: 'Delete post' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Post' });
    await user.click(within(dialog).getByRole('button', { name: 'YES' }));

    expect(await screen.findByText(messages.blog.deleted)).toBeInTheDocument();
    expect(api.requestsTo('DELETE /api/posts/p-mine')).toHaveLength(1);
    expect(screen.queryByRole('article', { name: 'My Review' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Their Review' })).toBeInTheDocument();
  });

  it('keeps the post after NO', async () => {
    const { user, api } = await openBlog({ body: buildFeedPage([mine]) });
    await user.click(
      within(await screen.findByRole('article', { name: 'My Review' })).getByRole('button', {
        name: 'Delete post',
      }),
    );

    await user.click(screen.getByRole('button', { name: 'NO' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requestsTo('DELETE /api/posts/p-mine')).toHaveLength(0);
    expect(screen.getByRole('article', { name: 'My Review' })).toBeInTheDocument();
  });

  it('says the delete failed and keeps the post', async () => {
    mockApi({
      'GET /api/me': { body: { user: buildUser() } },
      'GET /api/posts': { body: buildFeedPage([mine]) },
      'GET /api/clubs': NO_CLUBS,
      'DELETE /api/posts/p-mine': apiErrorReply(500, 'x'),
    });
    const { user } = renderApp('/blog');
    await user.click(
      within(await screen.findByRole('article', { name: 'My Review' })).getByRole('button', {
        name: 'Delete post',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'YES' }));

    expect(await screen.findByText(messages.blog.deleteFailed)).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'My Review' })).toBeInTheDocument();
  });
});

describe('BlogPage: a malicious body', () => {
  it('renders scripts, handlers and javascript: links harmlessly', async () => {
    const body =
      '<p>Great <b>book</b>!</p><img src=x onerror=alert(1)><script>alert(2)</script>' +
      '<a href="javascript:alert(3)">click me</a><svg onload=alert(4)></svg>' +
      '<iframe src="javascript:alert(5)"></iframe><p style="background:url(javascript:alert(6))" onclick="alert(7)">styled</p>';
    await openBlog({ body: buildFeedPage([buildPost({ bookTitle: 'Trap', body })]) });

    const card = await screen.findByRole('article', { name: 'Trap' });
    const rendered = card.querySelector('.post__body') as HTMLElement;
    expect(within(rendered).getByText('book').tagName).toBe('B');
    expect(rendered).toHaveTextContent('Great book!click mestyled');
    expect(rendered.querySelector('script, img, svg, iframe, a')).toBeNull();
    expect(
      document.querySelector('[onerror], [onload], [onclick], [style*="javascript"]'),
    ).toBeNull();
    expect(document.querySelector('script')).toBeNull();
    for (const element of Array.from(document.querySelectorAll('[href], [src]'))) {
      const url = element.getAttribute('href') ?? element.getAttribute('src') ?? '';
      expect(url.trim().toLowerCase().startsWith('javascript:')).toBe(false);
    }
  });
});
