import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../lib/messages';
import { buildAdmin, buildGuest, buildUser } from '../test-utils/factories';
import { mockApi } from '../test-utils/mock-api';
import { renderApp } from '../test-utils/render-app';
import { settleToasts } from '../test-utils/toasts';

const grids = { body: { grids: [] } };

describe('route guards', () => {
  it('sends a signed-out visitor from a members page to /login with the login toast', async () => {
    mockApi({ 'GET /api/me': { body: { user: null } } });
    const { router } = renderApp('/profile');

    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByText(messages.access.loginRequired)).toBeInTheDocument();
  });

  it('sends a signed-out visitor away from /bingo too', async () => {
    mockApi({ 'GET /api/me': { body: { user: null } } });
    const { router } = renderApp('/bingo');

    expect(await screen.findByText(messages.access.loginRequired)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a guest from /profile to /bingo with the login toast', async () => {
    mockApi({ 'GET /api/me': { body: { user: buildGuest() } }, 'GET /api/grids': grids });
    const { router } = renderApp('/profile');

    expect(await screen.findByRole('heading', { level: 1, name: 'Bingo' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/bingo');
    expect(await screen.findByText(messages.access.loginRequired)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Profile' })).not.toBeInTheDocument();
  });

  it('lets a guest open /rules', async () => {
    mockApi({ 'GET /api/me': { body: { user: buildGuest() } } });
    renderApp('/rules');

    expect(await screen.findByRole('heading', { name: 'Getting Started' })).toBeInTheDocument();
  });

  it('sends a signed-in non-admin from /admin to /bingo with the admin toast', async () => {
    mockApi({ 'GET /api/me': { body: { user: buildUser() } }, 'GET /api/grids': grids });
    const { router } = renderApp('/admin');

    expect(await screen.findByText(messages.access.adminOnly)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/bingo');
    expect(screen.queryByRole('heading', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('lets an admin open /admin', async () => {
    mockApi({
      'GET /api/me': { body: { user: buildAdmin() } },
      'GET /api/settings/reset-date': { body: { resetDate: null } },
      // The Card tab lists the cards (issue 23: correcting a square, ending a card).
      'GET /api/grids': { body: { grids: [] } },
    });
    renderApp('/admin');

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin' })).toBeInTheDocument();
  });

  it('sends a signed-in reader from /login straight to /bingo, without a toast', async () => {
    mockApi({ 'GET /api/me': { body: { user: buildUser() } }, 'GET /api/grids': grids });
    const { router } = renderApp('/login');

    expect(await screen.findByRole('heading', { level: 1, name: 'Bingo' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/bingo');
    // A guard's toast shows a moment after its redirect: look once every toast so far is shown.
    const marker = await settleToasts();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([marker]);
  });

  it('shows one toast however often the guard renders', async () => {
    mockApi({ 'GET /api/me': { body: { user: null } } });
    renderApp('/blog');

    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    const toasts = await screen.findAllByText(messages.access.loginRequired);
    expect(toasts).toHaveLength(1);
  });

  it('redirects / to /login and an unknown path to / (and so to /login)', async () => {
    mockApi({ 'GET /api/me': { body: { user: null } } });
    const { router } = renderApp('/no/such/page');

    const heading = await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(router.state.location.pathname).toBe('/login');
    expect(
      within(heading.closest('section') as HTMLElement).getByRole('button', { name: 'Login' }),
    ).toBeDisabled();
  });
});
