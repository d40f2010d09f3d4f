import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../lib/messages';
import { apiErrorReply, mockApi } from '../../../test-utils/mock-api';
import { renderApp } from '../../../test-utils/render-app';

describe('ResetPasswordPage', () => {
  it('checks the password policy before sending anything', async () => {
    const api = mockApi({ 'GET /api/me': { body: { user: null } } });
    const { user } = renderApp('/reset-password?token=tok123');
    await user.type(await screen.findByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(screen.getByRole('alert').textContent).toBe(
      `${messages.auth.weakPasswordPrefix} uppercase, numeric, special character, minimum length 6`,
    );
    expect(api.requestsTo('POST /api/auth/reset-password')).toHaveLength(0);
  });

  it('sends the new password with the token from the link', async () => {
    const api = mockApi({
      'GET /api/me': { body: { user: null } },
      'POST /api/auth/reset-password': { body: { status: true } },
    });
    const { user } = renderApp('/reset-password?token=tok123');
    await user.type(await screen.findByLabelText('New password'), 'Prickly1!');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(await screen.findByRole('status')).toHaveTextContent(messages.auth.passwordChanged);
    expect(api.requestsTo('POST /api/auth/reset-password')[0]?.body).toEqual({
      newPassword: 'Prickly1!',
      token: 'tok123',
    });
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });

  it("shows the server's message for a bad token", async () => {
    mockApi({
      'GET /api/me': { body: { user: null } },
      'POST /api/auth/reset-password': apiErrorReply(400, messages.auth.resetLinkInvalid),
    });
    const { user } = renderApp('/reset-password?token=old');
    await user.type(await screen.findByLabelText('New password'), 'Prickly1!');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.resetLinkInvalid);
  });

  it('says the link is broken when it has no token, and offers no form to send', async () => {
    const api = mockApi({ 'GET /api/me': { body: { user: null } } });
    renderApp('/reset-password');

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.resetLinkInvalid);
    expect(screen.getByRole('button', { name: 'Save new password' })).toBeDisabled();
    expect(api.requestsTo('POST /api/auth/reset-password')).toHaveLength(0);
  });
});
