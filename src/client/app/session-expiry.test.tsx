import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../lib/messages';
import { buildUser } from '../test-utils/factories';
import { apiErrorReply, mockApi } from '../test-utils/mock-api';
import { renderApp } from '../test-utils/render-app';

describe('a session that ends while the app is open', () => {
  it("raises the sticky toast whose 'Log In' button signs out and goes to /login", async () => {
    let session: ReturnType<typeof buildUser> | null = buildUser();
    const api = mockApi({
      'GET /api/me': () => ({ body: { user: session } }),
      'GET /api/profile': apiErrorReply(401, messages.access.loginRequired, 'UNAUTHORIZED'),
      'GET /api/finished-books': apiErrorReply(401, messages.access.loginRequired, 'UNAUTHORIZED'),
      'POST /api/auth/sign-out': () => {
        session = null;
        return { body: { success: true } };
      },
    });
    const { user, router } = renderApp('/profile');

    expect(await screen.findByText(messages.access.sessionEnded)).toBeInTheDocument();
    expect(api.requestsTo('POST /api/auth/sign-out')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: messages.access.logInButton }));

    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(router.state.location.pathname).toBe('/login');
    expect(api.requestsTo('POST /api/auth/sign-out')).toHaveLength(1);
  });

  it('stays quiet for a signed-out visitor (the route guard speaks instead)', async () => {
    mockApi({ 'GET /api/me': { body: { user: null } } });
    renderApp('/profile');
    expect(await screen.findByText(messages.access.loginRequired)).toBeInTheDocument();
    expect(screen.queryByText(messages.access.sessionEnded)).not.toBeInTheDocument();
  });
});
