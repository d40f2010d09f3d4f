import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../lib/messages';
import { apiErrorReply, mockApi } from '../../../test-utils/mock-api';
import { renderApp } from '../../../test-utils/render-app';

async function openRegister(routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ 'GET /api/me': { body: { user: null } }, ...routes });
  const app = renderApp('/register');
  await screen.findByRole('heading', { level: 1, name: 'Register' });
  return { ...app, api };
}

describe('RegisterPage', () => {
  it('lists exactly the missing parts of a weak password and sends nothing', async () => {
    const { user, api } = await openRegister();
    await user.type(screen.getByLabelText('Email'), 'hazel@example.com');
    await user.type(screen.getByLabelText('Password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(screen.getByRole('alert')).toHaveTextContent(
      `${messages.auth.weakPasswordPrefix} uppercase, numeric, special character, minimum length 6`,
      { normalizeWhitespace: true },
    );
    expect(api.requestsTo('POST /api/auth/sign-up/email')).toHaveLength(0);
  });

  it('names only what is missing when the password is nearly there', async () => {
    const { user } = await openRegister();
    await user.type(screen.getByLabelText('Email'), 'hazel@example.com');
    await user.type(screen.getByLabelText('Password'), 'Prickly1');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(screen.getByRole('alert').textContent).toBe(
      `${messages.auth.weakPasswordPrefix} special character`,
    );
  });

  it('asks for both fields when one is empty', async () => {
    const { user, api } = await openRegister();
    await user.type(screen.getByLabelText('Email'), 'hazel@example.com');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(screen.getByRole('alert')).toHaveTextContent(messages.auth.emailAndPasswordRequired);
    expect(api.requestsTo('POST /api/auth/sign-up/email')).toHaveLength(0);
  });

  it('creates the account, shows the success text and stays on the page', async () => {
    const { user, api, router } = await openRegister({
      'POST /api/auth/sign-up/email': { body: { ok: true } },
    });
    await user.type(screen.getByLabelText('Email'), 'hazel.nut@example.com');
    await user.type(screen.getByLabelText('Password'), 'Prickly1!');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('status')).toHaveTextContent(messages.auth.registerSuccess);
    expect(router.state.location.pathname).toBe('/register');
    expect(screen.getByRole('heading', { level: 1, name: 'Register' })).toBeInTheDocument();
    expect(api.requestsTo('POST /api/auth/sign-up/email')[0]?.body).toEqual({
      email: 'hazel.nut@example.com',
      password: 'Prickly1!',
      name: 'hazel.nut',
    });
  });

  it("shows the server's refusal", async () => {
    const { user } = await openRegister({
      'POST /api/auth/sign-up/email': apiErrorReply(400, messages.auth.registerFailed),
    });
    await user.type(screen.getByLabelText('Email'), 'taken@example.com');
    await user.type(screen.getByLabelText('Password'), 'Prickly1!');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.registerFailed);
  });

  it('says the account could not be created when the server fails', async () => {
    const { user } = await openRegister({
      'POST /api/auth/sign-up/email': apiErrorReply(500, 'database on fire'),
    });
    await user.type(screen.getByLabelText('Email'), 'hazel@example.com');
    await user.type(screen.getByLabelText('Password'), 'Prickly1!');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.registerFailed);
  });

  it('links back to login', async () => {
    await openRegister();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });
});
