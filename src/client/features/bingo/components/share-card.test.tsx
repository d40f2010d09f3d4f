import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../lib/messages';
import { buildGuest } from '../../../test-utils/factories';
import { apiErrorReply, type MockRoutes } from '../../../test-utils/mock-api';
import { currentGrid, openBingo } from '../testing/bingo-harness';

const LINK = `http://localhost:3000/share/${'t'.repeat(43)}`;

const made = {
  share: {
    id: 'share-1',
    gridId: currentGrid.id,
    gridTitle: currentGrid.title,
    createdAt: '2025-06-03T10:00:00.000Z',
    url: LINK,
    imageUrl: `${LINK}/card.png`,
  },
  message: messages.share.created,
};

function routes(extra: MockRoutes = {}): MockRoutes {
  return {
    'GET /api/shares': { body: { shares: [] } },
    'POST /api/shares': { status: 201, body: made },
    'DELETE /api/shares/share-1': { body: { message: messages.share.revoked } },
    ...extra,
  };
}

/** Create link, once it can be pressed: it waits for the links already made to be read. */
async function createButton(dialog: HTMLElement) {
  const button = await within(dialog).findByRole('button', { name: messages.share.create });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

async function openShareDialog(extra: MockRoutes = {}) {
  const app = await openBingo(routes(extra));
  await app.user.click(screen.getByRole('button', { name: messages.share.button }));
  const dialog = screen.getByRole('dialog', { name: messages.share.dialogTitle });
  return { ...app, dialog };
}

describe('Share card (issue 12)', () => {
  it('makes a link to this card, shows it and copies it', async () => {
    const { dialog, user, api } = await openShareDialog();
    expect(within(dialog).getByText(messages.share.explained)).toBeInTheDocument();

    await user.click(await createButton(dialog));
    const field = await within(dialog).findByRole('textbox', { name: messages.share.linkLabel });
    expect(field).toHaveValue(LINK);
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
      gridId: currentGrid.id,
    });

    await user.click(within(dialog).getByRole('button', { name: messages.share.copy }));
    // The status already says the link was made: wait for it to say the link was copied.
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent(messages.share.copied),
    );
    expect(await navigator.clipboard.readText()).toBe(LINK);
  });

  it('revokes the link it made', async () => {
    const { dialog, user, api } = await openShareDialog();
    await user.click(await createButton(dialog));
    await user.click(await within(dialog).findByRole('button', { name: messages.share.revoke }));

    // The status already says the link was made: wait for it to say the link was revoked.
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent(messages.share.revoked),
    );
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    expect(
      api.requests.some((r) => r.method === 'DELETE' && r.path === '/api/shares/share-1'),
    ).toBe(true);
    expect(
      await within(dialog).findByRole('button', { name: messages.share.create }),
    ).toBeInTheDocument();
  });

  it('names a live link made earlier by its date, and offers a new link or revoking it', async () => {
    const { dialog } = await openShareDialog({
      'GET /api/shares': { body: { shares: [{ ...made.share, url: undefined }] } },
    });
    expect(await within(dialog).findByText(messages.share.live('3 Jun 2025'))).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: messages.share.newLink })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: messages.share.revoke })).toBeEnabled();
  });

  it("shows the server's words when a link cannot be made", async () => {
    const { dialog, user } = await openShareDialog({
      'POST /api/shares': apiErrorReply(429, messages.share.tooMany, 'RATE_LIMITED'),
    });
    await user.click(await createButton(dialog));
    expect(await screen.findByText(messages.share.tooMany)).toBeInTheDocument();
  });

  it('is not offered to guests', async () => {
    await openBingo(routes(), { user: buildGuest() });
    expect(screen.queryByRole('button', { name: messages.share.button })).not.toBeInTheDocument();
  });
});
