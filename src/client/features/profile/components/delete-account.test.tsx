import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../lib/messages';
import { apiErrorReply } from '../../../test-utils/mock-api';
import { openProfile } from '../testing/profile-harness';

const text = messages.deleteAccount;
const preview = {
  body: {
    clubs: [
      { clubId: 'c1', name: 'Hogs', outcome: 'transferred', newOwnerName: 'bo' },
      { clubId: 'c2', name: 'Solo', outcome: 'deleted', newOwnerName: null },
    ],
    passwordRequired: true,
  },
};

describe('Profile: delete account (issue 23)', () => {
  it('shows what passes on, refuses a wrong password and changes nothing', async () => {
    const app = await openProfile({
      routes: {
        'GET /api/me/erasure': preview,
        'POST /api/me/erase': apiErrorReply(401, messages.auth.invalidCredentials),
      },
    });
    // It sits in the Reading history tab, beside 'download your data'.
    await app.user.click(await screen.findByRole('tab', { name: 'Reading history' }));
    await app.user.click(await screen.findByRole('button', { name: text.open }));
    const dialog = screen.getByRole('alertdialog', { name: text.heading });
    expect(within(dialog).getByRole('link', { name: text.download })).toHaveAttribute(
      'href',
      '/api/exports/me.json',
    );
    expect(await within(dialog).findByText(text.clubTransferred('Hogs', 'bo'))).toBeInTheDocument();
    expect(within(dialog).getByText(text.clubDeleted('Solo'))).toBeInTheDocument();

    // No password: nothing is sent.
    await app.user.click(within(dialog).getByRole('button', { name: text.confirm }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(text.passwordRequired);
    expect(app.api.requestsTo('POST /api/me/erase')).toHaveLength(0);

    await app.user.type(within(dialog).getByLabelText(text.passwordLabel), 'wrong-one');
    await app.user.click(within(dialog).getByRole('button', { name: text.confirm }));
    expect(await within(dialog).findByText(messages.auth.invalidCredentials)).toBeInTheDocument();
    expect(app.api.requestsTo('POST /api/me/erase')[0]?.body).toEqual({ password: 'wrong-one' });
    // Still signed in, still on the profile.
    expect(app.router.state.location.pathname).toBe('/profile');
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
  }, 60_000);

  it('deletes with the right password and goes to the signed-out start page', async () => {
    const app = await openProfile({
      routes: {
        'GET /api/me/erasure': preview,
        'POST /api/me/erase': { body: { message: text.deleted } },
      },
    });
    // It sits in the Reading history tab, beside 'download your data'.
    await app.user.click(await screen.findByRole('tab', { name: 'Reading history' }));
    await app.user.click(await screen.findByRole('button', { name: text.open }));
    const dialog = screen.getByRole('alertdialog', { name: text.heading });
    await app.user.type(await within(dialog).findByLabelText(text.passwordLabel), 'right-one');
    await app.user.click(within(dialog).getByRole('button', { name: text.confirm }));
    expect(await screen.findByText(text.deleted)).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/login');
  }, 60_000);
});
