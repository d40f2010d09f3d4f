import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../lib/messages';
import { buildAdmin, buildGuest, buildUser } from '../test-utils/factories';
import { apiErrorReply, mockApi } from '../test-utils/mock-api';
import { renderApp } from '../test-utils/render-app';

const signedIn = (user = buildUser()) => ({
  'GET /api/me': { body: { user } },
  'GET /api/grids': { body: { grids: [] } },
});

async function openAt(path: string, heading: string) {
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: heading });
  return app;
}

const menuButton = () => screen.getByRole('button', { name: 'Menu' });

describe('MainMenu', () => {
  it('opens with the links of SPEC.md and tells assistive tech it is expanded', async () => {
    mockApi(signedIn());
    const { user } = await openAt('/bingo', 'Bingo');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();

    await user.click(menuButton());

    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(menuButton()).toHaveAttribute('aria-controls', nav.id);
    for (const name of ['Bingo', 'Rules', 'Profile', 'Book Recommendations']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    const blog = within(nav).getByRole('combobox', { name: 'Blog' });
    expect(
      within(blog)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose posts...', 'All Posts', "Friends' Posts", 'My Posts']);
  });

  it('closes on a click outside', async () => {
    mockApi(signedIn());
    const { user } = await openAt('/bingo', 'Bingo');
    await user.click(menuButton());
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();

    await user.click(screen.getByRole('heading', { level: 1, name: 'Bingo' }));

    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('stays open for clicks inside it', async () => {
    mockApi(signedIn());
    const { user } = await openAt('/bingo', 'Bingo');
    await user.click(menuButton());
    await user.click(screen.getByRole('combobox', { name: 'Blog' }));

    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('closes on Escape and gives focus back to the menu button', async () => {
    mockApi(signedIn());
    const { user } = await openAt('/bingo', 'Bingo');
    await user.click(menuButton());

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(menuButton()).toHaveFocus();
  });

  it('closes when the route changes', async () => {
    mockApi(signedIn());
    const { user, router } = await openAt('/bingo', 'Bingo');
    await user.click(menuButton());

    await user.click(screen.getByRole('link', { name: 'Rules' }));

    expect(await screen.findByRole('heading', { name: 'Getting Started' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/rules');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('goes to the blog with the chosen filter', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/posts': { body: { posts: [], nextCursor: null } },
      'GET /api/clubs': { body: { clubs: [] } },
    });
    const { user, router } = await openAt('/bingo', 'Bingo');
    await user.click(menuButton());

    await user.selectOptions(screen.getByRole('combobox', { name: 'Blog' }), "Friends' Posts");

    expect(await screen.findByRole('heading', { level: 1, name: 'Blog' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/blog');
    expect(router.state.location.search).toBe('?filter=friends');
  });

  it('is not offered to a signed-out visitor, who may open none of its pages (issue 9)', async () => {
    mockApi({ 'GET /api/me': { body: { user: null } } });
    await openAt('/login', 'Log in');

    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
  });

  it('offers logout to a guest', async () => {
    mockApi(signedIn(buildGuest()));
    const { user } = await openAt('/bingo', 'Bingo');
    await user.click(menuButton());

    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('shows the Admin link to admins only', async () => {
    mockApi(signedIn(buildAdmin()));
    const { user } = await openAt('/bingo', 'Bingo');
    await user.click(menuButton());

    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it('logs out: toast, then /login, without the login-required toast', async () => {
    let session: ReturnType<typeof buildUser> | null = buildUser();
    const api = mockApi({
      'GET /api/me': () => ({ body: { user: session } }),
      // The profile page loads its card and first tab; any answer will do.
      'GET /api/profile': apiErrorReply(500, 'not needed here'),
      'GET /api/finished-books': apiErrorReply(500, 'not needed here'),
      'POST /api/auth/sign-out': () => {
        session = null;
        return { body: { success: true } };
      },
    });
    const { user, router } = await openAt('/profile', 'Profile');
    await user.click(menuButton());

    await user.click(screen.getByRole('button', { name: 'Log out' }));

    expect(await screen.findByText(messages.auth.loggedOut)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(api.requestsTo('POST /api/auth/sign-out')[0]?.body).toEqual({});
    expect(screen.queryByText(messages.access.loginRequired)).not.toBeInTheDocument();
  });

  it('says so when logging out fails, and stays', async () => {
    mockApi({ ...signedIn(), 'POST /api/auth/sign-out': apiErrorReply(500, 'nope') });
    const { user, router } = await openAt('/bingo', 'Bingo');
    await user.click(menuButton());

    await user.click(screen.getByRole('button', { name: 'Log out' }));

    expect(await screen.findByText(messages.auth.logoutFailed)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/bingo');
  });
});
