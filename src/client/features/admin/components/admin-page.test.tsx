import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHALLENGES, DEFAULT_GRID_TITLE } from '../../../../lib/challenges';
import { messages } from '../../../../lib/messages';
import { buildAdmin } from '../../../test-utils/factories';
import { apiErrorReply, mockApi, type MockRoutes } from '../../../test-utils/mock-api';
import { renderApp } from '../../../test-utils/render-app';

async function openAdmin(routes: MockRoutes = {}) {
  const api = mockApi({
    'GET /api/me': { body: { user: buildAdmin() } },
    'GET /api/settings/reset-date': { body: { resetDate: '2025-06-30T23:59:59.000Z' } },
    ...routes,
  });
  const app = renderApp('/admin');
  await screen.findByRole('heading', { level: 1, name: 'Admin' });
  return { ...app, api };
}

function resetDateSection() {
  return screen.getByRole('region', { name: 'When the cards reset' });
}

describe('AdminPage: reset date', () => {
  it('shows the current reset date', async () => {
    await openAdmin();
    expect(await within(resetDateSection()).findByText(/30 June 2025/)).toBeInTheDocument();
  });

  it('refuses an empty date in the form and sends nothing', async () => {
    const { user, api } = await openAdmin();
    await user.click(within(resetDateSection()).getByRole('button', { name: 'Save' }));

    expect(within(resetDateSection()).getByRole('alert')).toHaveTextContent(
      messages.admin.resetDateRequired,
    );
    expect(api.requestsTo('PUT /api/admin/reset-date')).toHaveLength(0);
  });

  it('sends the chosen day and confirms with a toast', async () => {
    const { user, api } = await openAdmin({
      'PUT /api/admin/reset-date': {
        body: { resetDate: '2025-07-31T23:59:59.000Z', message: messages.admin.resetDateUpdated },
      },
    });
    await user.type(screen.getByLabelText('Reset date'), '2025-07-31');
    await user.click(within(resetDateSection()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(messages.admin.resetDateUpdated)).toBeInTheDocument();
    expect(api.requestsTo('PUT /api/admin/reset-date')[0]?.body).toEqual({ date: '2025-07-31' });
  });

  it("reports the server's refusal in the spec's words", async () => {
    const { user } = await openAdmin({
      'PUT /api/admin/reset-date': apiErrorReply(400, 'The date is not valid.'),
    });
    await user.type(screen.getByLabelText('Reset date'), '2025-07-31');
    await user.click(within(resetDateSection()).getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText(messages.admin.resetDateError('The date is not valid.')),
    ).toBeInTheDocument();
  });
});

describe('AdminPage: shared grid', () => {
  it('starts from the default title and the 16 default challenges', async () => {
    await openAdmin();
    expect(screen.getByLabelText('Grid title')).toHaveValue(DEFAULT_GRID_TITLE);
    DEFAULT_CHALLENGES.forEach((challenge, index) => {
      expect(screen.getByLabelText(`Challenge ${index + 1}`)).toHaveValue(challenge);
    });
    expect(screen.queryByLabelText('Challenge 17')).not.toBeInTheDocument();
  });

  it('sends the edited title and challenges and confirms with a toast', async () => {
    const { user, api } = await openAdmin({
      'POST /api/admin/grids': {
        status: 201,
        body: {
          grid: { id: 'g1', title: 'June Reading Challenge', createdAt: '2025-06-01T00:00:00Z' },
          message: messages.admin.gridCreated,
        },
      },
    });
    const title = screen.getByLabelText('Grid title');
    await user.clear(title);
    await user.type(title, 'June Reading Challenge');
    const third = screen.getByLabelText('Challenge 3');
    await user.clear(third);
    await user.type(third, 'A book about hedgehogs');
    await user.click(screen.getByRole('button', { name: 'Create Grid' }));

    expect(await screen.findByText(messages.admin.gridCreated)).toBeInTheDocument();
    const expected: string[] = [...DEFAULT_CHALLENGES];
    expected[2] = 'A book about hedgehogs';
    expect(api.requestsTo('POST /api/admin/grids')[0]?.body).toEqual({
      title: 'June Reading Challenge',
      challenges: expected,
    });
  });

  it("reports the server's refusal in the spec's words", async () => {
    const { user } = await openAdmin({
      'POST /api/admin/grids': apiErrorReply(403, 'Admins only.'),
    });
    await user.click(screen.getByRole('button', { name: 'Create Grid' }));

    expect(await screen.findByText(messages.admin.gridError('Admins only.'))).toBeInTheDocument();
  });

  it('does not send a grid with an empty challenge', async () => {
    const { user, api } = await openAdmin();
    await user.clear(screen.getByLabelText('Challenge 16'));
    await user.click(screen.getByRole('button', { name: 'Create Grid' }));

    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(api.requestsTo('POST /api/admin/grids')).toHaveLength(0);
  });
});
