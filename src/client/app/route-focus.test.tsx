import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../test-utils/factories';
import { apiErrorReply, mockApi } from '../test-utils/mock-api';
import { renderApp } from '../test-utils/render-app';

/**
 * Issue 9: after a route change focus moves to the new page's heading, so a screen reader says
 * where the reader has arrived and Tab goes on from the top of the page (not from <body>).
 */
beforeAll(() => {
  if (!customElements.get('altcha-widget')) {
    customElements.define('altcha-widget', class extends HTMLElement {});
  }
});

const reader = () => ({
  'GET /api/grids': { body: { grids: [] } },
  'GET /api/profile': apiErrorReply(500, 'not needed here'),
  'GET /api/finished-books': apiErrorReply(500, 'not needed here'),
});

describe('focus on route change', () => {
  it('lands on the heading of /bingo after logging in', async () => {
    let signedIn = false;
    mockApi({
      ...reader(),
      'GET /api/me': () => ({ body: { user: signedIn ? buildUser() : null } }),
      'POST /api/auth/sign-in/email': () => {
        signedIn = true;
        return { body: { ok: true } };
      },
    });
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    await user.type(screen.getByLabelText('Email'), 'hazel@example.com');
    await user.type(screen.getByLabelText('Password'), 'Prickly1!');
    const widget = document.querySelector('altcha-widget');
    if (!widget) throw new Error('no captcha widget');
    fireEvent(
      widget,
      new CustomEvent('statechange', { detail: { state: 'verified', payload: 'p' } }),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Bingo' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('moves to the new heading when a navigation link is followed', async () => {
    mockApi({ ...reader(), 'GET /api/me': { body: { user: buildUser() } } });
    const { user } = renderApp('/bingo');
    await screen.findByRole('heading', { level: 1, name: 'Bingo' });

    const sections = screen.getByRole('navigation', { name: 'Sections' });
    await user.click(within(sections).getByRole('link', { name: 'Profile' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Profile' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('leaves focus alone on the first page load', async () => {
    mockApi({ ...reader(), 'GET /api/me': { body: { user: buildUser() } } });
    renderApp('/bingo');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Bingo' });
    expect(heading).not.toHaveFocus();
    expect(document.body).toHaveFocus();
  });

  it('leaves focus alone when only the query changes (a filter, an open square)', async () => {
    mockApi({
      'GET /api/me': { body: { user: buildUser() } },
      'GET /api/posts': { body: { posts: [], nextCursor: null } },
      'GET /api/clubs': { body: { clubs: [] } },
    });
    const { user, router } = renderApp('/blog');
    await screen.findByRole('heading', { level: 1, name: 'Blog' });
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const filter = screen.getByRole('combobox', { name: 'Blog' });

    await user.selectOptions(filter, 'My Posts');

    await waitFor(() => expect(router.state.location.search).toBe('?filter=mine'));
    expect(screen.getByRole('heading', { level: 1, name: 'Blog' })).not.toHaveFocus();
  });
});
