import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../lib/messages';
import { clickTwiceAtOnce } from '../../../test-utils/double-click';
import { apiErrorReply, mockApi } from '../../../test-utils/mock-api';
import { renderApp } from '../../../test-utils/render-app';

describe('ForgotPasswordPage', () => {
  it('asks for a reset link back to our page and shows the neutral answer', async () => {
    const api = mockApi({
      'GET /api/me': { body: { user: null } },
      'POST /api/auth/request-password-reset': { body: { status: true } },
    });
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'hazel@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(await screen.findByRole('status')).toHaveTextContent(messages.auth.resetRequested);
    expect(api.requestsTo('POST /api/auth/request-password-reset')[0]?.body).toEqual({
      email: 'hazel@example.com',
      redirectTo: '/reset-password',
    });
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });

  it('sends one request for an instant double click (issue 9)', async () => {
    const api = mockApi({
      'GET /api/me': { body: { user: null } },
      'POST /api/auth/request-password-reset': { body: { status: true } },
    });
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'hazel@example.com');

    clickTwiceAtOnce(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(await screen.findByRole('status')).toHaveTextContent(messages.auth.resetRequested);
    expect(api.requestsTo('POST /api/auth/request-password-reset')).toHaveLength(1);
  });

  it('says the request failed when the server does', async () => {
    mockApi({
      'GET /api/me': { body: { user: null } },
      'POST /api/auth/request-password-reset': apiErrorReply(503, 'down'),
    });
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'hazel@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.resetRequestFailed);
  });
});
