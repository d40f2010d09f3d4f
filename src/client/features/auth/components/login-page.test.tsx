import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../lib/messages';
import { buildGuest, buildUser } from '../../../test-utils/factories';
import { apiErrorReply, heldReply, mockApi } from '../../../test-utils/mock-api';
import { renderApp } from '../../../test-utils/render-app';
import { settleToasts } from '../../../test-utils/toasts';

// A stand-in for ALTCHA's element (its real script cannot run in jsdom): it records resets.
const resetSpy = vi.fn();
beforeAll(() => {
  customElements.define(
    'altcha-widget',
    class extends HTMLElement {
      reset() {
        resetSpy();
      }
    },
  );
});

function captchaWidget(): HTMLElement {
  const widget = document.querySelector('altcha-widget');
  if (!(widget instanceof HTMLElement)) throw new Error('no <altcha-widget> on the page');
  return widget;
}

/** The widget reports a solved proof of work; then waits, as a person would, for Login to wake. */
async function solveCaptcha(payload = 'proof-of-work-payload') {
  fireEvent(
    captchaWidget(),
    new CustomEvent('statechange', { detail: { state: 'verified', payload } }),
  );
  await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled());
}

async function openLogin(routes: Parameters<typeof mockApi>[0] = {}) {
  resetSpy.mockClear();
  const api = mockApi({ 'GET /api/me': { body: { user: null } }, ...routes });
  const app = renderApp('/login');
  await screen.findByRole('heading', { level: 1, name: 'Log in' });
  return { ...app, api };
}

describe('LoginPage', () => {
  it('keeps Login disabled until the captcha is verified', async () => {
    await openLogin();
    const login = () => screen.getByRole('button', { name: 'Login' });
    expect(login()).toBeDisabled();

    fireEvent(captchaWidget(), new CustomEvent('statechange', { detail: { state: 'verifying' } }));
    expect(login()).toBeDisabled();

    // Solving takes the widget a moment; the button wakes once the page has heard of it.
    fireEvent(
      captchaWidget(),
      new CustomEvent('statechange', { detail: { state: 'verified', payload: 'proof' } }),
    );
    await waitFor(() => expect(login()).toBeEnabled());

    // A widget that expires goes back to unverified: Login goes back to sleep.
    fireEvent(captchaWidget(), new CustomEvent('statechange', { detail: { state: 'expired' } }));
    await waitFor(() => expect(login()).toBeDisabled());
  });

  it('points the widget at our challenge endpoint', async () => {
    await openLogin();
    expect(captchaWidget()).toHaveAttribute('challenge', '/api/captcha/challenge');
  });

  it('refuses empty fields with the spec message and sends nothing', async () => {
    const { user, api } = await openLogin();
    await solveCaptcha();
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(screen.getByRole('alert')).toHaveTextContent(messages.auth.emailAndPasswordRequired);
    expect(api.requestsTo('POST /api/auth/sign-in/email')).toHaveLength(0);
  });

  it('signs in with the captcha payload in x-captcha and goes to /bingo', async () => {
    let signedIn = false;
    const { user, api, router } = await openLogin({
      'GET /api/me': () => ({ body: { user: signedIn ? buildUser() : null } }),
      'POST /api/auth/sign-in/email': () => {
        signedIn = true;
        return { body: { ok: true } };
      },
      'GET /api/grids': { body: { grids: [] } },
    });
    await user.type(screen.getByLabelText('Email'), 'hazel@example.com');
    await user.type(screen.getByLabelText('Password'), 'Prickly1!');
    await solveCaptcha('the-payload');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Bingo' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/bingo');
    const [request] = api.requestsTo('POST /api/auth/sign-in/email');
    expect(request?.body).toEqual({ email: 'hazel@example.com', password: 'Prickly1!' });
    expect(request?.headers.get('x-captcha')).toBe('the-payload');
    expect(request?.credentials).toBe('same-origin');
    // A guard's toast shows a moment after its redirect: look once every toast so far is shown.
    await settleToasts();
    expect(screen.queryByText(messages.access.loginRequired)).not.toBeInTheDocument();
  });

  it('says Logging in... while the request is on its way', async () => {
    const answer = heldReply();
    const { user } = await openLogin({ 'POST /api/auth/sign-in/email': answer.handler });
    await user.type(screen.getByLabelText('Email'), 'hazel@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await solveCaptcha();
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('button', { name: messages.auth.loggingIn })).toBeDisabled();
    answer.send(apiErrorReply(401, messages.auth.invalidCredentials));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.invalidCredentials);
  });

  it('on failure shows the message, resets the captcha and reveals Forgot Password', async () => {
    const { user } = await openLogin({
      'POST /api/auth/sign-in/email': apiErrorReply(401, messages.auth.invalidCredentials),
    });
    expect(screen.queryByRole('link', { name: /forgot password/i })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'hazel@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await solveCaptcha();
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.invalidCredentials);
    expect(screen.getByRole('link', { name: /forgot password/i })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(resetSpy).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();
  });

  it('shows the server text for a refused captcha', async () => {
    const { user } = await openLogin({
      'POST /api/auth/sign-in/email': apiErrorReply(400, messages.auth.captchaRequired),
    });
    await user.type(screen.getByLabelText('Email'), 'hazel@example.com');
    await user.type(screen.getByLabelText('Password'), 'Prickly1!');
    await solveCaptcha();
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.captchaRequired);
  });

  it('shows the server text when the account is locked after failed sign-ins', async () => {
    const { user } = await openLogin({
      'POST /api/auth/sign-in/email': apiErrorReply(
        429,
        messages.auth.accountLocked,
        'ACCOUNT_LOCKED',
      ),
    });
    await user.type(screen.getByLabelText('Email'), 'hazel@example.com');
    await user.type(screen.getByLabelText('Password'), 'Prickly1!');
    await solveCaptcha();
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.accountLocked);
  });

  it('continues as a guest to /bingo', async () => {
    let guest = false;
    const { user, router, api } = await openLogin({
      'GET /api/me': () => ({ body: { user: guest ? buildGuest() : null } }),
      'POST /api/auth/sign-in/anonymous': () => {
        guest = true;
        return { body: { ok: true } };
      },
      'GET /api/grids': { body: { grids: [] } },
    });
    await user.click(screen.getByRole('button', { name: 'Continue as Guest' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Bingo' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/bingo');
    expect(api.requestsTo('POST /api/auth/sign-in/anonymous')[0]?.body).toEqual({});
  });

  it('shows the guest failure message when the guest sign-in fails', async () => {
    const { user } = await openLogin({
      'POST /api/auth/sign-in/anonymous': apiErrorReply(500, 'boom'),
    });
    await user.click(screen.getByRole('button', { name: 'Continue as Guest' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.guestFailed);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Continue as Guest' })).toBeEnabled(),
    );
  });

  it('links to the register page', async () => {
    await openLogin();
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });
});
