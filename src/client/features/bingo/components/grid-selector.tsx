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

function ChevronIcon() {
  return (
    <svg
      className="grid-selector__arrow"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M6 9l6 6 6-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Every grid by title and date (SPEC.md section 2); the current grid is the default. The real
 * control is the native select (its keyboard, screen-reader and phone pickers), laid invisibly
 * over a box that shows the chosen grid's whole text, wrapping instead of running under the arrow.
 */
export function GridSelector({ grids, selectedId, onSelect }: GridSelectorProps) {
  const id = useId();
  const selected = grids.find((grid) => grid.id === selectedId);
  return (
    <div className="grid-selector">
      <label htmlFor={id} className="grid-selector__label">
        Choose a grid
      </label>
      <div className="grid-selector__control">
        <span className="grid-selector__value" aria-hidden="true">
          {selected ? gridOptionLabel(selected) : 'Choose a grid...'}
        </span>
        <ChevronIcon />
        <select
          id={id}
          className="grid-selector__select"
          value={selected ? selectedId : ''}
          onChange={(event) => onSelect(event.target.value)}
        >
          {selected ? null : (
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
    </div>
  );
}
