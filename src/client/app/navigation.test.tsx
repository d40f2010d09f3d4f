import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAdmin, buildGuest, buildUser } from '../test-utils/factories';
import { apiErrorReply, mockApi } from '../test-utils/mock-api';
import { renderApp } from '../test-utils/render-app';

/**
 * Issue 9: a tab bar on phones and a top navigation on desktop (one landmark, laid out by CSS),
 * beside the spec's hamburger menu; both offer only pages the visitor may open (access.ts).
 */
const signedIn = (user = buildUser()) => ({
  'GET /api/me': { body: { user } },
  'GET /api/grids': { body: { grids: [] } },
  'GET /api/posts': { body: { posts: [], nextCursor: null } },
  // The blog's club filter lists the reader's clubs (issue 12).
  'GET /api/clubs': { body: { clubs: [] } },
  // The profile page loads its card and first tab; any answer will do here.
  'GET /api/profile': apiErrorReply(500, 'not needed here'),
  'GET /api/finished-books': apiErrorReply(500, 'not needed here'),
});

async function openAt(path: string, heading: string | RegExp) {
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: heading });
  return app;
}

const sections = () => screen.getByRole('navigation', { name: 'Sections' });
const linkNames = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((link) => link.getAttribute('aria-label') ?? link.textContent);

describe('the section navigation (tab bar on phones, top navigation on desktop)', () => {
  it('offers a reader Bingo, Blog, Clubs, Recommendations and Profile, each with an SVG icon', async () => {
    mockApi(signedIn());
    await openAt('/bingo', 'Bingo');

    const nav = sections();
    expect(linkNames(nav)).toEqual(['Bingo', 'Blog', 'Clubs', 'Recommendations', 'Profile']);
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/bingo', '/blog', '/clubs', '/recommendations', '/profile']);
    for (const link of within(nav).getAllByRole('link')) {
      const icon = link.querySelector('svg');
      expect(icon).not.toBeNull();
      expect(icon).toHaveAttribute('aria-hidden', 'true');
      // Icons are drawn, never emoji: the link's text is its label alone.
      expect(link.textContent).toMatch(/^[A-Za-z ]+$/);
    }
  });

  it('marks the current page with aria-current, and follows the route', async () => {
    mockApi(signedIn());
    const { user } = await openAt('/bingo', 'Bingo');
    const link = (name: string) => within(sections()).getByRole('link', { name });
    expect(link('Bingo')).toHaveAttribute('aria-current', 'page');
    expect(link('Profile')).not.toHaveAttribute('aria-current');

    await user.click(link('Profile'));

    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(link('Profile')).toHaveAttribute('aria-current', 'page');
    expect(link('Bingo')).not.toHaveAttribute('aria-current');
  });

  it('keeps the Blog tab current whatever filter the feed shows', async () => {
    mockApi(signedIn());
    await openAt('/blog?filter=mine', 'Blog');
    expect(within(sections()).getByRole('link', { name: 'Blog' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('offers a guest only Bingo and Rules, in the tabs and in the menu', async () => {
    mockApi(signedIn(buildGuest()));
    const { user } = await openAt('/bingo', 'Bingo');
    expect(linkNames(sections())).toEqual(['Bingo', 'Rules']);

    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = screen.getByRole('navigation', { name: 'Main' });
    expect(linkNames(menu)).toEqual(['Bingo', 'Rules']);
    expect(within(menu).queryByRole('combobox', { name: 'Blog' })).not.toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('offers a signed-out visitor no link to a page they cannot open, and no empty menu', async () => {
    mockApi({ 'GET /api/me': { body: { user: null } } });
    await openAt('/login', 'Log in');

    expect(screen.queryByRole('navigation', { name: 'Sections' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
    for (const name of ['Bingo', 'Rules', 'Profile', 'Recommendations', 'Book Recommendations']) {
      expect(screen.queryByRole('link', { name })).not.toBeInTheDocument();
    }
  });

  it("keeps the spec's full menu for a reader, and Admin for admins only", async () => {
    mockApi(signedIn(buildAdmin()));
    const { user } = await openAt('/bingo', 'Bingo');
    // Admin is a menu item, not a section: the tabs stay the reader's five.
    expect(linkNames(sections())).toEqual(['Bingo', 'Blog', 'Clubs', 'Recommendations', 'Profile']);

    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = screen.getByRole('navigation', { name: 'Main' });
    expect(linkNames(menu)).toEqual(['Bingo', 'Rules', 'Profile', 'Book Recommendations', 'Admin']);
    expect(within(menu).getByRole('combobox', { name: 'Blog' })).toBeInTheDocument();
  });
});
