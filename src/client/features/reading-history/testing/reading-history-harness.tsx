/** Renders the reading-history panel alone, with a fresh query cache, and builds export files. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportResponse } from '../../../../lib/schemas/imports';
import { ReadingHistoryPanel } from '../components/reading-history-panel';

export function renderPanel() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ReadingHistoryPanel />
    </QueryClientProvider>,
  );
  return { ...view, user, queryClient };
}

const GOODREADS_HEADER =
  'Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies';

/** A Goodreads export of `rows` read books; a review with a comma and a line break in row 2. */
export function goodreadsCsv(rows: number): string {
  const lines = [GOODREADS_HEADER];
  for (let i = 1; i <= rows; i += 1) {
    const review = i === 1 ? '"Prickly, and\nlovely"' : '';
    lines.push(
      `${i},Hedgehog Tale ${i},Writer ${i},"${i}, Writer",,,,4,4.1,Press,Paperback,200,2001,2001,2023/05/14,2023/01/02,,,read,${review},,,1,0`,
    );
  }
  return `${lines.join('\n')}\n`;
}

export function csvFile(text: string, name = 'goodreads_library_export.csv'): File {
  return new File([text], name, { type: 'text/csv' });
}

export function importReply(overrides: Partial<ImportResponse> = {}): ImportResponse {
  return {
    format: 'goodreads',
    imported: { finished: 0, wantToRead: 0, booksAdded: 0 },
    unchanged: 0,
    skipped: [],
    errors: [],
    message: '',
    ...overrides,
  };
}
