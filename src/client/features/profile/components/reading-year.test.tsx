import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../lib/messages';
import type { ReadingYear } from '../../../../lib/schemas/reading-year';
import { buildUser } from '../../../test-utils/factories';
import { heldReply, mockApi, type RecordedRequest } from '../../../test-utils/mock-api';
import { renderApp } from '../../../test-utils/render-app';
import { openProfile, openTab } from '../testing/profile-harness';
import { buildOwnReadingYear, buildReadingYear } from '../testing/reading-year-factories';

// jsdom has no canvas: the chart is a stand-in; its title and data table are what is tested.
vi.mock('../../../components/uplot-chart', () => ({
  UplotChart: () => <div data-testid="chart" />,
}));

const t = messages.readingYear;
const ROUTE = 'GET /api/profile/reading-year';

const YEAR_2025: Partial<ReadingYear> = {
  year: 2025,
  years: [2026, 2025, 2024],
  booksRead: 5,
  pagesRead: 1247,
  booksWithoutPages: 1,
  months: Array.from({ length: 12 }, (_, i) => ({
    month: i + 1,
    books: i === 0 ? 2 : 0,
    pages: i === 0 ? 650 : 0,
  })),
  subjects: [
    { name: 'Fiction', books: 3 },
    { name: 'Fantasy', books: 2 },
  ],
  languages: [
    { code: 'en', name: 'English', books: 4 },
    { code: 'es', name: 'Spanish', books: 1 },
  ],
  authors: { new: 4, returning: 1 },
  ratings: [0, 1, 1, 0, 2].map((books, i) => ({ stars: i + 1, books })),
  averageRating: 3.8,
  longestBook: {
    isbn: '111',
    title: 'Cien años',
    author: 'G. García Márquez',
    pages: 417,
    rating: 5,
  },
  bestRatedBook: {
    isbn: '111',
    title: 'Cien años',
    author: 'G. García Márquez',
    pages: 417,
    rating: 5,
  },
  cards: [{ gridId: 'g1', title: 'Summer Card', squares: 5, lines: 1 }],
};

/** The year each request asked for (its ?year=, or 'current'). */
const yearsAsked = (requests: RecordedRequest[]) =>
  requests.map((r) => new URLSearchParams(r.search).get('year') ?? 'current');

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row', { hidden: true })
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));

describe('Stats tab: your reading year', () => {
  it('shows a loading state, then an empty year with its hint', async () => {
    const held = heldReply();
    const app = await openProfile({ routes: { [ROUTE]: held.handler } });
    const panel = await openTab(app, 'Stats');
    expect(within(panel).getByRole('status')).toHaveTextContent(t.loading);
    held.send({ body: buildOwnReadingYear({ year: 2026 }) });
    expect(await within(panel).findByText(t.empty(2026))).toBeVisible();
    expect(within(panel).getByText(t.emptyHint)).toBeVisible();
    expect(within(panel).getByRole('heading', { name: t.heading(2026) })).toBeVisible();
    // The three numbers of SPEC.md section 2 stay above it.
    expect(within(panel).getByText('Books Read')).toBeVisible();
    expect(within(panel).queryByRole('img')).toBeNull();
  });

  it('shows the figures, each chart with a title and a data table, lists and cards', async () => {
    const app = await openProfile({
      routes: { [ROUTE]: { body: buildOwnReadingYear(YEAR_2025) } },
    });
    const panel = await openTab(app, 'Stats');
    expect(await within(panel).findByRole('heading', { name: t.heading(2025) })).toBeVisible();
    const figure = (label: string) => within(panel).getByText(label).nextElementSibling;
    expect(figure(t.booksRead)).toHaveTextContent('5');
    expect(figure(t.pagesRead)).toHaveTextContent('1,247');
    expect(figure(t.newAuthors)).toHaveTextContent('4');
    expect(figure(t.returningAuthors)).toHaveTextContent('1');
    expect(figure(t.averageRating)).toHaveTextContent('3.8 of 5');
    expect(within(panel).getByText(new RegExp(t.withoutPages(1)))).toBeVisible();

    const books = within(panel).getByRole('region', { name: t.booksChartTitle });
    const booksTable = within(books).getByRole('table', { name: t.booksChartTitle, hidden: true });
    expect(rowsOf(booksTable)).toHaveLength(12);
    expect(rowsOf(booksTable)[0]).toEqual(['January', '2']);
    const pages = within(panel).getByRole('region', { name: t.pagesChartTitle });
    expect(
      rowsOf(within(pages).getByRole('table', { name: t.pagesChartTitle, hidden: true }))[0],
    ).toEqual(['January', '650']);
    const ratings = within(panel).getByRole('region', { name: t.ratingsChartTitle });
    expect(
      rowsOf(within(ratings).getByRole('table', { name: t.ratingsChartTitle, hidden: true })),
    ).toEqual([
      ['1 star', '0'],
      ['2 stars', '1'],
      ['3 stars', '1'],
      ['4 stars', '0'],
      ['5 stars', '2'],
    ]);
    // The table opens from the keyboard: its summary is a native control.
    await app.user.click(within(books).getByText(t.showTable));
    expect(within(books).getByRole('table', { name: t.booksChartTitle })).toBeVisible();

    const subjects = within(panel).getByRole('region', { name: t.subjectsTitle });
    expect(
      within(subjects)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Fiction 3 books', 'Fantasy 2 books']);
    const languages = within(panel).getByRole('region', { name: t.languagesTitle });
    expect(within(languages).getAllByRole('listitem')[1]).toHaveTextContent('Spanish 1 book');
    const highlights = within(panel).getByRole('region', { name: t.highlightsTitle });
    expect(
      within(highlights).getAllByRole('link', { name: 'Cien años by G. García Márquez' })[0],
    ).toHaveAttribute('href', '/book/111');
    expect(highlights).toHaveTextContent('417 pages');
    const cards = within(panel).getByRole('region', { name: t.cardsTitle });
    expect(rowsOf(within(cards).getByRole('table'))).toEqual([['Summer Card', '5', '1']]);
  });
});

describe('Year in Review', () => {
  it('opens from its address, shares an image with alt text, and moves between years', async () => {
    const api = mockApi({
      'GET /api/me': { body: { user: buildUser({ id: 'me-1' }) } },
      'GET /api/profile': {
        body: {
          profile: {
            id: 'me-1',
            username: 'fern',
            name: 'fern',
            bio: null,
            avatar: null,
            points: 0,
            birthYear: null,
            firstName: null,
            visibility: 'everyone',
          },
          stats: { booksRead: 6, readingStreakWeeks: 0, lastReadAt: null },
          counts: { wantToRead: 0, friends: 0, pendingRequests: 0 },
        },
      },
      [ROUTE]: (request) => {
        const year = Number(new URLSearchParams(request.search).get('year') ?? 2026);
        return {
          body: buildOwnReadingYear(
            year === 2025 ? YEAR_2025 : { year, years: [2026, 2025, 2024] },
          ),
        };
      },
    });
    const app = renderApp('/profile/stats/2025');
    // The Stats tab is open at once on the year the address names.
    expect(await screen.findByRole('heading', { name: t.heading(2025) })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Stats' })).toHaveAttribute('aria-selected', 'true');
    expect(yearsAsked(api.requestsTo(ROUTE))).toEqual(['2025']);

    const share = screen.getByRole('region', { name: t.shareTitle });
    expect(within(share).getByRole('img', { name: '2025 in books: 5 books' })).toHaveAttribute(
      'src',
      '/api/profile/reading-year/2025/share.svg',
    );
    expect(within(share).getByRole('link', { name: t.downloadPng })).toHaveAttribute(
      'href',
      '/api/profile/reading-year/2025/share.png',
    );

    const years = screen.getByRole('navigation', { name: t.years });
    expect(within(years).getByRole('link', { name: '2025' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await app.user.click(within(years).getByRole('link', { name: '2024' }));
    expect(await screen.findByText(t.empty(2024))).toBeVisible();
    expect(app.router.state.location.pathname).toBe('/profile/stats/2024');
    expect(yearsAsked(api.requestsTo(ROUTE))).toEqual(['2025', '2024']);
  });
});

describe("A friend's year", () => {
  const profile = {
    access: 'full',
    profile: { id: 'u-7', username: 'thistle', bio: null, avatar: null, points: 0 },
    books: [],
    wantToRead: [],
    stats: { booksRead: 5, readingStreakWeeks: 0, lastReadAt: null },
  };

  it("shows the friend's year under their name, without a share image", async () => {
    const api = mockApi({
      'GET /api/me': { body: { user: buildUser() } },
      'GET /api/users/u-7/profile': { body: profile },
      'GET /api/users/u-7/reading-year': {
        body: { access: 'full', reading: buildReadingYear(YEAR_2025), alt: '' },
      },
    });
    renderApp('/friend/u-7/stats/2025');
    expect(
      await screen.findByRole('heading', { name: t.friendHeading('thistle', 2025) }),
    ).toBeVisible();
    expect(yearsAsked(api.requestsTo('GET /api/users/u-7/reading-year'))).toEqual(['2025']);
    expect(screen.queryByRole('region', { name: t.shareTitle })).toBeNull();
    expect(screen.queryByText(t.emptyHint)).toBeNull();
    expect(
      within(screen.getByRole('navigation', { name: t.years })).getByRole('link', {
        name: '2024',
      }),
    ).toHaveAttribute('href', '/friend/u-7/stats/2024');
  });

  it('shows nothing of a year the server hides', async () => {
    mockApi({
      'GET /api/me': { body: { user: buildUser() } },
      'GET /api/users/u-7/profile': { body: profile },
      'GET /api/users/u-7/reading-year': { body: { access: 'hidden' } },
    });
    renderApp('/friend/u-7/stats');
    const panel = await screen.findByRole('tabpanel', { name: 'Stats' });
    expect(within(panel).getByText('Books Read')).toBeVisible();
    await vi.waitFor(() => expect(within(panel).queryByRole('status')).toBeNull());
    expect(within(panel).queryByRole('heading')).toBeNull();
  });
});
