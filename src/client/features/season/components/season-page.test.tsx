import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../lib/messages';
import type { SeasonStatsResponse } from '../../../../lib/schemas/season';
import { buildUser } from '../../../test-utils/factories';
import { apiErrorReply, mockApi, type MockRoutes } from '../../../test-utils/mock-api';
import { renderApp } from '../../../test-utils/render-app';
import { barLabel } from './season-page';

// jsdom has no canvas: the chart is a stand-in; the headings and tables are what is tested.
vi.mock('../../../components/uplot-chart', () => ({
  UplotChart: () => <div data-testid="chart" />,
}));

const t = messages.seasonStats;

function buildSeason(overrides: Partial<SeasonStatsResponse> = {}): SeasonStatsResponse {
  return {
    grid: {
      id: 'g1',
      title: 'Summer Season',
      createdAt: '2026-06-01T00:00:00.000Z',
      club: null,
      isCurrent: true,
    },
    generatedAt: '2026-07-01T00:00:00.000Z',
    participants: 5,
    readersWithLine: 2,
    fullCards: 1,
    distinctBooks: 16,
    averageSquares: 5.2,
    squares: Array.from({ length: 16 }, (_, i) => ({
      position: i,
      challenge: `Challenge ${i + 1}`,
      label: `Label ${i + 1}`,
      readers: i === 0 ? 5 : i === 4 ? 0 : 1,
      books:
        i === 0
          ? [
              {
                isbn: '9780553213690',
                title: 'The Metamorphosis',
                authors: 'Franz Kafka',
                coverUrl: '/api/books/9780553213690/cover.svg',
                readers: 4,
              },
            ]
          : [],
    })),
    hardest: [4],
    easiest: [0],
    authors: [{ name: 'Franz Kafka', placements: 6 }],
    ...overrides,
  };
}

function open(routes: MockRoutes) {
  const api = mockApi({
    'GET /api/me': { body: { user: buildUser({ id: 'viewer-1' }) } },
    ...routes,
  });
  return { ...renderApp('/season/g1'), api };
}

describe('the season statistics page', () => {
  it('shows the headline numbers, the charts with their tables, the books and the image', async () => {
    open({ 'GET /api/grids/g1/season-stats': { body: buildSeason() } });
    expect(
      await screen.findByRole('heading', { level: 1, name: t.title('Summer Season') }),
    ).toBeInTheDocument();
    expect(screen.getByText(t.live)).toBeInTheDocument();
    const figures = [
      [t.participants, '5'],
      [t.readersWithLine, '2'],
      [t.fullCards, '1'],
      [t.distinctBooks, '16'],
      [t.averageSquares, '5.2'],
    ];
    for (const [label, value] of figures) {
      const term = screen.getByText(label!, { selector: 'dt' });
      expect(term.nextElementSibling).toHaveTextContent(value!);
    }
    const squares = screen.getByRole('region', { name: t.squaresTitle });
    const table = within(squares).getByRole('table', { name: t.squaresTitle, hidden: true });
    expect(within(table).getAllByRole('row', { hidden: true })).toHaveLength(17);
    const hardest = screen.getByRole('region', { name: t.hardestTitle });
    expect(within(hardest).getByText(/5\. Label 5: 0 readers/)).toBeInTheDocument();
    const easiest = screen.getByRole('region', { name: t.easiestTitle });
    expect(within(easiest).getByText(/1\. Label 1: 5 readers/)).toBeInTheDocument();
    const books = screen.getByRole('region', { name: t.booksTitle });
    expect(within(books).getByText('The Metamorphosis')).toBeInTheDocument();
    expect(within(books).getByText(/used by 4 readers/)).toBeInTheDocument();
    expect(within(books).getAllByText(t.noBooks)).toHaveLength(15);
    const authors = screen.getByRole('region', { name: t.authorsTitle });
    expect(
      within(authors).getByRole('rowheader', { name: '1. Franz Kafka', hidden: true }),
    ).toBeInTheDocument();
    const image = screen.getByRole('img', { name: t.imageAlt('Summer Season', 5, 2, 1, 16) });
    expect(image).toHaveAttribute('src', '/api/grids/g1/season-stats.svg');
    expect(screen.getByRole('link', { name: t.openPng })).toHaveAttribute(
      'href',
      '/api/grids/g1/season-stats.png',
    );
  });

  it('says when nobody has placed a book, and that an ended card is frozen', async () => {
    open({
      'GET /api/grids/g1/season-stats': {
        body: buildSeason({
          grid: { ...buildSeason().grid, isCurrent: false },
          participants: 0,
          readersWithLine: 0,
          fullCards: 0,
          distinctBooks: 0,
          averageSquares: 0,
          hardest: [],
          easiest: [],
          authors: [],
        }),
      },
    });
    expect(await screen.findByText(t.empty)).toBeInTheDocument();
    expect(screen.getByText(t.frozen)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: t.squaresTitle })).not.toBeInTheDocument();
  });

  it("shows the server's refusal for a card the reader may not see", async () => {
    open({ 'GET /api/grids/g1/season-stats': apiErrorReply(404, t.notFound, 'NOT_FOUND') });
    expect(await screen.findByRole('alert')).toHaveTextContent(t.notFound);
  });
});

describe("the authors chart's bar labels", () => {
  it('names each bar by its author, cutting a long name the table gives whole', () => {
    expect(barLabel('Franz Kafka')).toBe('Franz Kafka');
    expect(barLabel('Gabriel García Márquez')).toBe('Gabriel Garcí…');
    expect(barLabel('Gabriel García Márquez').length).toBeLessThanOrEqual(14);
  });
});
