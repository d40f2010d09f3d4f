import { useId } from 'react';
import { formatDateMedium } from '../../../../lib/format';
import { messages } from '../../../../lib/messages';
import type { GridSummary } from '../../../../lib/schemas/admin';

/** '5 Sept 2026', without Intl: its first use held up the card's first paint (issue 9). */
export function formatGridDate(iso: string): string {
  return formatDateMedium(iso);
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

/** The grids of one group in the selector: the shared card(s), or one club's cards. */
export interface GridGroup {
  key: string;
  label: string;
  grids: GridSummary[];
}

/**
 * Issue 12: the shared card(s) first, then each of the viewer's clubs by name, each keeping the
 * server's order (newest first).
 */
export function groupGrids(grids: readonly GridSummary[]): GridGroup[] {
  const shared: GridGroup = { key: 'shared', label: messages.clubs.sharedCard, grids: [] };
  const clubs = new Map<string, GridGroup>();
  for (const grid of grids) {
    if (!grid.club) {
      shared.grids.push(grid);
      continue;
    }
    const group = clubs.get(grid.club.id) ?? {
      key: grid.club.id,
      label: grid.club.name,
      grids: [],
    };
    group.grids.push(grid);
    clubs.set(grid.club.id, group);
  }
  const byName = [...clubs.values()].sort((a, b) => a.label.localeCompare(b.label));
  return shared.grids.length > 0 ? [shared, ...byName] : byName;
}

function GridOptions({ grids }: { grids: readonly GridSummary[] }) {
  return grids.map((grid) => (
    <option key={grid.id} value={grid.id}>
      {gridOptionLabel(grid)}
    </option>
  ));
}

/**
 * Every grid by title and date (SPEC.md section 2); the current grid is the default. The real
 * control is the native select (its keyboard, screen-reader and phone pickers), laid invisibly
 * over a box that shows the chosen grid's whole text, wrapping instead of running under the arrow.
 * With club cards (issue 12) the options are grouped (optgroup: the pickers show the group's
 * name), and the box and the select's description name the chosen card's group too, since a
 * closed select reads out only the option.
 */
export function GridSelector({ grids, selectedId, onSelect }: GridSelectorProps) {
  const id = useId();
  const groupId = useId();
  const selected = grids.find((grid) => grid.id === selectedId);
  const groups = groupGrids(grids);
  const grouped = groups.some((group) => group.key !== 'shared');
  const selectedGroup = grouped
    ? groups.find((group) => group.grids.some((grid) => grid.id === selectedId))
    : undefined;
  return (
    <div className="grid-selector">
      <label htmlFor={id} className="grid-selector__label">
        Choose a grid
      </label>
      <div className="grid-selector__control">
        <span className="grid-selector__value" aria-hidden="true">
          {selectedGroup ? (
            <span className="grid-selector__group">{selectedGroup.label}</span>
          ) : null}
          {selected ? gridOptionLabel(selected) : 'Choose a grid...'}
        </span>
        <ChevronIcon />
        <select
          id={id}
          className="grid-selector__select"
          value={selected ? selectedId : ''}
          aria-describedby={selectedGroup ? groupId : undefined}
          onChange={(event) => onSelect(event.target.value)}
        >
          {selected ? null : (
            <option value="" disabled>
              Choose a grid...
            </option>
          )}
          {grouped ? (
            groups.map((group) => (
              <optgroup key={group.key} label={group.label}>
                <GridOptions grids={group.grids} />
              </optgroup>
            ))
          ) : (
            <GridOptions grids={grids} />
          )}
        </select>
        {selectedGroup ? (
          <span id={groupId} className="visually-hidden">
            {selectedGroup.label}
          </span>
        ) : null}
      </div>
    </div>
  );
}
