import { useId } from 'react';
import { messages } from '../../../../lib/messages';
import type { GridSummary } from '../../../../lib/schemas/admin';

export function formatGridDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'medium' });
}

/** 'Title · date', with 'Past Challenge' on every grid but the current one. */
export function gridOptionLabel(grid: GridSummary): string {
  const label = `${grid.title} · ${formatGridDate(grid.createdAt)}`;
  return grid.isCurrent ? label : `${label} · ${messages.bingo.pastChallenge}`;
}

interface GridSelectorProps {
  grids: readonly GridSummary[];
  selectedId: string;
  onSelect: (gridId: string) => void;
}

/** Every grid by title and date (SPEC.md section 2); the current grid is the default. */
export function GridSelector({ grids, selectedId, onSelect }: GridSelectorProps) {
  const id = useId();
  const known = grids.some((grid) => grid.id === selectedId);
  return (
    <div className="grid-selector">
      <label htmlFor={id} className="grid-selector__label">
        Choose a grid
      </label>
      <select
        id={id}
        className="grid-selector__select"
        value={known ? selectedId : ''}
        onChange={(event) => onSelect(event.target.value)}
      >
        {known ? null : (
          <option value="" disabled>
            Choose a grid...
          </option>
        )}
        {grids.map((grid) => (
          <option key={grid.id} value={grid.id}>
            {gridOptionLabel(grid)}
          </option>
        ))}
      </select>
    </div>
  );
}
