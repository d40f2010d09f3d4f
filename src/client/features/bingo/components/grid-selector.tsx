import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatDateMedium } from '../../../../lib/format';
import { messages } from '../../../../lib/messages';
import type { GridSummary } from '../../../../lib/schemas/admin';
import { gridsQueryOptions } from '../api/grids-api';
import { loadPastGrids, pastGridsQueryOptions, SHARED_SCOPE } from '../api/past-grids-api';

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
  const shared: GridGroup = { key: SHARED_SCOPE, label: messages.clubs.sharedCard, grids: [] };
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

/** The value of a scope's "More past cards" option; grid ids are UUIDs, never this. */
const MORE = 'more:';

/** How a scope's "More past cards" option reads: ready, loading, or failed (choose to retry). */
type MoreState = 'ready' | 'loading' | 'failed';

function GridOptions({
  grids,
  scope,
  more,
}: {
  grids: readonly GridSummary[];
  scope: string;
  more: MoreState | null;
}) {
  return (
    <>
      {grids.map((grid) => (
        <option key={grid.id} value={grid.id}>
          {gridOptionLabel(grid)}
        </option>
      ))}
      {more ? (
        <option value={`${MORE}${scope}`} disabled={more === 'loading'}>
          {more === 'loading'
            ? messages.bingo.loadingPastCards
            : more === 'failed'
              ? messages.bingo.pastCardsFailed
              : messages.bingo.morePastCards}
        </option>
      ) : null}
    </>
  );
}

/**
 * Issue 22: GET /api/grids lists each scope's newest grids and a cursor where it has older ones;
 * these are loaded a page at a time when the reader asks, and kept with the list (the shared
 * card's, or a club's). Gives every grid known so far, newest first in each scope, and each
 * scope's next cursor (null: all loaded).
 */
function usePastGrids(grids: readonly GridSummary[]) {
  const queryClient = useQueryClient();
  const list = useQuery(gridsQueryOptions);
  const pages = useQuery(pastGridsQueryOptions).data ?? {};
  const [states, setStates] = useState<Partial<Record<string, 'loading' | 'failed'>>>({});
  const known = new Set(grids.map((grid) => grid.id));
  const all = [...grids];
  for (const page of Object.values(pages)) {
    for (const grid of page?.grids ?? []) {
      if (!known.has(grid.id)) all.push(grid);
      known.add(grid.id);
    }
  }
  const cursors = new Map<string, string>();
  for (const link of list.data?.more ?? []) {
    const scope = link.clubId ?? SHARED_SCOPE;
    const loaded = pages[scope];
    const cursor = loaded ? loaded.cursor : link.cursor;
    if (cursor) cursors.set(scope, cursor);
  }
  const moreOf = (scope: string): MoreState | null =>
    cursors.has(scope) ? (states[scope] ?? 'ready') : null;
  const loadMore = async (scope: string) => {
    const cursor = cursors.get(scope);
    if (!cursor || states[scope] === 'loading') return;
    setStates((old) => ({ ...old, [scope]: 'loading' }));
    try {
      await loadPastGrids(queryClient, scope, cursor);
      setStates((old) => ({ ...old, [scope]: undefined }));
    } catch {
      setStates((old) => ({ ...old, [scope]: 'failed' }));
    }
  };
  return { all, moreOf, loadMore };
}

/**
 * Every grid by title and date (SPEC.md section 2); the current grid is the default. The real
 * control is the native select (its keyboard, screen-reader and phone pickers), laid invisibly
 * over a box that shows the chosen grid's whole text, wrapping instead of running under the arrow.
 * With club cards (issue 12) the options are grouped (optgroup: the pickers show the group's
 * name), and the box and the select's description name the chosen card's group too, since a
 * closed select reads out only the option.
 */
export function GridSelector({ grids: listed, selectedId, onSelect }: GridSelectorProps) {
  const id = useId();
  const groupId = useId();
  const { all: grids, moreOf, loadMore } = usePastGrids(listed);
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
          onChange={(event) => {
            const value = event.target.value;
            // "More past cards" loads the scope's next page; the chosen grid stays chosen.
            if (value.startsWith(MORE)) void loadMore(value.slice(MORE.length));
            else onSelect(value);
          }}
        >
          {selected ? null : (
            <option value="" disabled>
              Choose a grid...
            </option>
          )}
          {grouped ? (
            groups.map((group) => (
              <optgroup key={group.key} label={group.label}>
                <GridOptions grids={group.grids} scope={group.key} more={moreOf(group.key)} />
              </optgroup>
            ))
          ) : (
            <GridOptions grids={grids} scope={SHARED_SCOPE} more={moreOf(SHARED_SCOPE)} />
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
