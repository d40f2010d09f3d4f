import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHALLENGE_LABELS, DEFAULT_CHALLENGES } from '../../../../lib/challenges';
import { buildCard, buildPlacement } from '../testing/bingo-factories';
import { BingoGrid } from './bingo-grid';

/**
 * Issue 22, defect 7: a card read at a glance. Every square shows its challenge's short label
 * (the phone's CSS shows it, tests/e2e/phone.spec.ts measures it); its accessible name still
 * says the whole challenge, and a placed book's cover stays beside the label.
 */
describe('BingoGrid: challenge labels', () => {
  const card = buildCard({
    placements: { 2: buildPlacement({ bookTitle: 'Dune', isWildcard: true }) },
  });

  it("shows each square's short label, and names each square by its whole challenge", () => {
    render(<BingoGrid cells={card.cells} readOnly={false} onActivate={() => undefined} />);
    const grid = screen.getByRole('grid', { name: 'Bingo card' });
    const squares = within(grid).getAllByRole('button');
    expect(squares).toHaveLength(16);
    squares.forEach((square, position) => {
      const label = square.querySelector('.bingo-square__label');
      expect(label).not.toBeNull();
      expect(label).toHaveTextContent(DEFAULT_CHALLENGE_LABELS[position]!);
      expect(square).toHaveAccessibleName(
        new RegExp(`^${DEFAULT_CHALLENGES[position]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\. `),
      );
    });
  });

  it("keeps a placed book's cover and title beside the label", () => {
    render(<BingoGrid cells={card.cells} readOnly={false} onActivate={() => undefined} />);
    const placed = screen.getAllByRole('button')[2]!;
    expect(placed).toHaveAccessibleName(`${DEFAULT_CHALLENGES[2]}. Marked with Dune (wildcard)`);
    expect(placed.querySelector('.bingo-square__label')).toHaveTextContent(
      DEFAULT_CHALLENGE_LABELS[2],
    );
    expect(within(placed).getByRole('img', { name: 'Cover of Dune' })).toBeInTheDocument();
    expect(placed.querySelector('.bingo-square__title')).toHaveTextContent('Dune');
  });

  it('falls back to the challenge itself for a cell an older answer sent without a label', () => {
    const cells = card.cells.map((cell, i) => (i === 0 ? { ...cell, label: '' } : cell));
    render(<BingoGrid cells={cells} readOnly onActivate={() => undefined} />);
    const first = screen.getAllByRole('button')[0]!;
    expect(first.querySelector('.bingo-square__label')).toHaveTextContent(DEFAULT_CHALLENGES[0]);
  });
});
