import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../lib/messages';
import { buildUser } from '../../../test-utils/factories';
import { mockApi } from '../../../test-utils/mock-api';
import { renderApp } from '../../../test-utils/render-app';
import { MY_BOOKS_TEXT } from '../../profile/components/my-books-tab';
import { buildUserProfileResponse } from '../../profile/testing/profile-factories';
import { openProfile } from '../../profile/testing/profile-harness';
import { stubXhr } from '../testing/fake-xhr';
import { csvFile, goodreadsCsv, importReply } from '../testing/reading-history-harness';
import { readingHistoryTexts as texts } from '../texts';

describe('Reading history on the profile page', () => {
  it('is a tab of its own on your profile, not under the others', async () => {
    const app = await openProfile();
    await screen.findByRole('tabpanel', { name: 'My Books' });
    // Under My Books (and every other tab) there is no import form to scroll past.
    expect(screen.queryByRole('region', { name: texts.heading })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(texts.fileLabel)).not.toBeInTheDocument();

    await app.user.click(screen.getByRole('tab', { name: texts.heading }));
    const tab = screen.getByRole('tabpanel', { name: texts.heading });
    expect(within(tab).getByRole('region', { name: texts.heading })).toBeInTheDocument();
    expect(within(tab).getByLabelText(texts.fileLabel)).toBeInTheDocument();
    expect(within(tab).getByRole('link', { name: texts.exportJson })).toBeInTheDocument();
  });

  it('refreshes the profile and My Books after an import', async () => {
    stubXhr(() => ({
      body: importReply({ imported: { finished: 2, wantToRead: 0, booksAdded: 2 } }),
    }));
    const app = await openProfile();
    // Wait, as a reader would, for My Books to have loaded: an answer still on its way when the
    // import lands would be taken as fresh, and My Books would not be read again.
    await screen.findByText(MY_BOOKS_TEXT.empty);
    const profileLoads = app.api.requestsTo('GET /api/profile').length;
    const bookLoads = app.api.requestsTo('GET /api/finished-books').length;

    await app.user.click(screen.getByRole('tab', { name: texts.heading }));
    const panel = screen.getByRole('region', { name: texts.heading });
    await app.user.upload(within(panel).getByLabelText(texts.fileLabel), csvFile(goodreadsCsv(2)));
    await app.user.click(within(panel).getByRole('button', { name: texts.importButton }));

    expect(await within(panel).findByText(messages.imports.done(2, 0))).toBeInTheDocument();
    await waitFor(() =>
      expect(app.api.requestsTo('GET /api/profile').length).toBeGreaterThan(profileLoads),
    );
    // My Books shows the imported books when it is opened again.
    await app.user.click(screen.getByRole('tab', { name: 'My Books' }));
    await waitFor(() =>
      expect(app.api.requestsTo('GET /api/finished-books').length).toBeGreaterThan(bookLoads),
    );
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
