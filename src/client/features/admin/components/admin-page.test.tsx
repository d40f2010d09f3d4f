import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHALLENGE_RULES } from '../../../../lib/challenge-rules';
import {
  DEFAULT_CHALLENGE_LABELS,
  DEFAULT_CHALLENGES,
  DEFAULT_GRID_TITLE,
} from '../../../../lib/challenges';
import { CHALLENGE_LABEL_MAX } from '../../../../lib/limits';
import { messages } from '../../../../lib/messages';
import { buildAdmin } from '../../../test-utils/factories';
import { apiErrorReply, mockApi, type MockRoutes } from '../../../test-utils/mock-api';
import { renderApp } from '../../../test-utils/render-app';

async function openAdmin(routes: MockRoutes = {}) {
  const api = mockApi({
    'GET /api/me': { body: { user: buildAdmin() } },
    'GET /api/settings/reset-date': { body: { resetDate: '2025-06-30T23:59:59.000Z' } },
    // Issue 23: the Card tab also shows the current shared card's corrections.
    'GET /api/grids': { body: { grids: [] } },
    ...routes,
  });
  const app = renderApp('/admin');
  // The page is a lazy chunk: its first load may be slow on a busy machine.
  await screen.findByRole('heading', { level: 1, name: 'Admin' }, { timeout: 15_000 });
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
    // The rewritten challenge's untouched label goes blank: the server derives a new one.
    const labels: string[] = [...DEFAULT_CHALLENGE_LABELS];
    labels[2] = '';
    expect(api.requestsTo('POST /api/admin/grids')[0]?.body).toEqual({
      title: 'June Reading Challenge',
      challenges: expected,
      rules: DEFAULT_CHALLENGE_RULES,
      labels,
    });
  });

  it("starts each challenge with its short label, at most the label's length (issue 22)", async () => {
    await openAdmin();
    DEFAULT_CHALLENGE_LABELS.forEach((label, index) => {
      const field = screen.getByLabelText(messages.admin.challengeLabelField(index + 1));
      expect(field).toHaveValue(label);
      expect(field).toHaveAttribute('maxlength', String(CHALLENGE_LABEL_MAX));
      expect(field).toHaveAccessibleDescription(messages.admin.challengeLabelHint);
    });
  });

  it('sends the labels as written; a rewritten challenge keeps a label one chose, shows the derived one otherwise', async () => {
    const { user, api } = await openAdmin({
      'POST /api/admin/grids': {
        status: 201,
        body: {
          grid: { id: 'g1', title: DEFAULT_GRID_TITLE, createdAt: '2025-06-01T00:00:00Z' },
          message: messages.admin.gridCreated,
        },
      },
    });
    // Square 5: a label of one's own, then a new text: the chosen label stays.
    const fifthLabel = screen.getByLabelText(messages.admin.challengeLabelField(5));
    await user.clear(fifthLabel);
    await user.type(fifthLabel, 'True stories');
    const fifth = screen.getByLabelText('Challenge 5');
    await user.clear(fifth);
    await user.type(fifth, 'A true story');
    // Square 7: a new text under the default label: the label empties and previews its words.
    const seventh = screen.getByLabelText('Challenge 7');
    await user.clear(seventh);
    await user.type(seventh, 'A book set under the sea');
    const seventhLabel = screen.getByLabelText(messages.admin.challengeLabelField(7));
    expect(seventhLabel).toHaveValue('');
    expect(seventhLabel).toHaveAttribute('placeholder', 'Set under the sea');
    await user.click(screen.getByRole('button', { name: 'Create Grid' }));

    expect(await screen.findByText(messages.admin.gridCreated)).toBeInTheDocument();
    const labels: string[] = [...DEFAULT_CHALLENGE_LABELS];
    labels[4] = 'True stories';
    labels[6] = '';
    expect(api.requestsTo('POST /api/admin/grids')[0]?.body).toMatchObject({ labels });
  });

  it('Restore defaults brings the default labels back', async () => {
    const { user } = await openAdmin();
    const label = screen.getByLabelText(messages.admin.challengeLabelField(1));
    await user.clear(label);
    await user.type(label, 'Born then');
    await user.click(screen.getByRole('button', { name: 'Restore defaults' }));
    expect(screen.getByLabelText(messages.admin.challengeLabelField(1))).toHaveValue(
      DEFAULT_CHALLENGE_LABELS[0],
    );
  });

  it('starts each challenge from the rule that fits it, free text where none does', async () => {
    const { user } = await openAdmin();
    await user.click(screen.getByRole('button', { name: messages.fit.rulesToggle(12) }));
    expect(screen.getByLabelText(messages.fit.ruleLabel(1))).toHaveDisplayValue(
      messages.fit.ruleKinds['birth-year'],
    );
    expect(screen.getByLabelText(messages.fit.ruleLabel(3))).toHaveDisplayValue(
      messages.fit.freeText,
    );
    expect(screen.getByLabelText(messages.fit.numberLabel(13))).toHaveValue(100);
  });

  it('sends the rules the admin chose beside the texts (issue 11)', async () => {
    const { user, api } = await openAdmin({
      'POST /api/admin/grids': {
        status: 201,
        body: {
          grid: { id: 'g1', title: DEFAULT_GRID_TITLE, createdAt: '2025-06-01T00:00:00Z' },
          message: messages.admin.gridCreated,
        },
      },
    });
    await user.click(screen.getByRole('button', { name: messages.fit.rulesToggle(12) }));
    // Square 3 (a debut author) becomes "over 500 pages"; square 13 asks for under 150.
    await user.selectOptions(
      screen.getByLabelText(messages.fit.ruleLabel(3)),
      messages.fit.ruleKinds.pages,
    );
    await user.selectOptions(
      screen.getByLabelText(messages.fit.comparisonLabel(3)),
      messages.fit.over(100),
    );
    const pages = screen.getByLabelText(messages.fit.numberLabel(3));
    await user.clear(pages);
    await user.type(pages, '500');
    const under = screen.getByLabelText(messages.fit.numberLabel(13));
    await user.clear(under);
    await user.type(under, '150');
    // Square 2 (poetry) asks for poetry or drama; square 16 becomes free text.
    await user.selectOptions(screen.getByLabelText(messages.fit.subjectsLabel(2)), ['drama']);
    await user.selectOptions(
      screen.getByLabelText(messages.fit.ruleLabel(16)),
      messages.fit.freeText,
    );
    await user.click(screen.getByRole('button', { name: 'Create Grid' }));

    expect(await screen.findByText(messages.admin.gridCreated)).toBeInTheDocument();
    const expected = [...DEFAULT_CHALLENGE_RULES];
    expected[1] = { kind: 'subject', subjects: ['poetry', 'drama'] };
    expected[2] = { kind: 'pages', comparison: 'over', pages: 500 };
    expected[12] = { kind: 'pages', comparison: 'under', pages: 150 };
    expected[15] = null;
    expect(api.requestsTo('POST /api/admin/grids')[0]?.body).toMatchObject({ rules: expected });
  });

  it('does not send a rule with a number that is not a number', async () => {
    const { user, api } = await openAdmin();
    await user.click(screen.getByRole('button', { name: messages.fit.rulesToggle(12) }));
    await user.clear(screen.getByLabelText(messages.fit.numberLabel(13)));
    await user.click(screen.getByRole('button', { name: 'Create Grid' }));

    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(api.requestsTo('POST /api/admin/grids')).toHaveLength(0);
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
