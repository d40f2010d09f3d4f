import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../lib/messages';
import { CardResultsLink } from './card-results-link';

describe('CardResultsLink', () => {
  it("downloads the card's results CSV, named for the card", () => {
    render(<CardResultsLink gridId="g/1" title="Winter Challenge" />);
    const link = screen.getByRole('link', {
      name: messages.cardResults.downloadLabel('Winter Challenge'),
    });
    expect(link).toHaveAttribute('href', '/api/grids/g%2F1/results.csv');
    expect(link).toHaveAttribute('download');
    expect(link).toHaveTextContent(messages.cardResults.download);
  });
});
