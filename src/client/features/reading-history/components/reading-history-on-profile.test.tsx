import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../lib/messages';
import { buildUser } from '../../../test-utils/factories';
import { mockApi } from '../../../test-utils/mock-api';
import { renderApp } from '../../../test-utils/render-app';
import { buildUserProfileResponse } from '../../profile/testing/profile-factories';
import { openProfile } from '../../profile/testing/profile-harness';
import { stubXhr } from '../testing/fake-xhr';
import { csvFile, goodreadsCsv, importReply } from '../testing/reading-history-harness';
import { readingHistoryTexts as texts } from '../texts';

describe('Reading history on the profile page', () => {
  it('sits below the tabs of your own profile, and an import refreshes the profile', async () => {
    stubXhr(() => ({
      body: importReply({ imported: { finished: 2, wantToRead: 0, booksAdded: 2 } }),
    }));
    const app = await openProfile();

    const panel = await screen.findByRole('region', { name: texts.heading });
    const tabs = screen.getByRole('tablist', { name: 'Your reading' });
    expect(tabs.compareDocumentPosition(panel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await screen.findByRole('tabpanel', { name: 'My Books' });
    const profileLoads = app.api.requestsTo('GET /api/profile').length;
    const bookLoads = app.api.requestsTo('GET /api/finished-books').length;

    await app.user.upload(within(panel).getByLabelText(texts.fileLabel), csvFile(goodreadsCsv(2)));
    await app.user.click(within(panel).getByRole('button', { name: texts.importButton }));

    expect(await within(panel).findByText(messages.imports.done(2, 0))).toBeInTheDocument();
    await waitFor(() => {
      expect(app.api.requestsTo('GET /api/profile').length).toBeGreaterThan(profileLoads);
      expect(app.api.requestsTo('GET /api/finished-books').length).toBeGreaterThan(bookLoads);
    });
  });

  it("is not on a friend's profile", async () => {
    mockApi({
      'GET /api/me': { body: { user: buildUser() } },
      'GET /api/users/u-7/profile': { body: buildUserProfileResponse() },
    });
    renderApp('/friend/u-7');
    await screen.findByRole('heading', { level: 1, name: 'Friend' });
    await screen.findByRole('tablist');

    expect(screen.queryByRole('region', { name: texts.heading })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(texts.fileLabel)).not.toBeInTheDocument();
  });
});
