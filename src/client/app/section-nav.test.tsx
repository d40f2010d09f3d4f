import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../test-utils/factories';
import { mockApi } from '../test-utils/mock-api';
import { renderApp } from '../test-utils/render-app';
import { NARROW_TAB_BAR_QUERY, PHONE_LAYOUT_QUERY } from './layout';
import { stubMediaQueries } from '../test-utils/media-queries';

/** The queries in `matching` match, others do not. */
const matchOnly = (matching: string[]) => stubMediaQueries((query) => matching.includes(query));

async function openBingo() {
  mockApi({
    'GET /api/me': { body: { user: buildUser() } },
    'GET /api/grids': { body: { grids: [] } },
  });
  renderApp('/bingo');
  await screen.findByRole('heading', { level: 1, name: 'Bingo' });
  return screen.getByRole('navigation', { name: 'Sections' });
}

const names = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the tab bar under 360 px', () => {
  it('names Recommendations by its short form, so the five labels fit at 14 px', async () => {
    matchOnly([PHONE_LAYOUT_QUERY, NARROW_TAB_BAR_QUERY]);
    const nav = await openBingo();
    expect(names(nav)).toEqual(['Bingo', 'Blog', 'Clubs', 'Discover', 'Profile']);
    // Its name is the label read on screen, and it still leads to the recommendations.
    expect(within(nav).getByRole('link', { name: 'Discover' })).toHaveAttribute(
      'href',
      '/recommendations',
    );
  });

  it('keeps the whole label on a phone of 360 px and more', async () => {
    matchOnly([PHONE_LAYOUT_QUERY]);
    const nav = await openBingo();
    expect(names(nav)).toEqual(['Bingo', 'Blog', 'Clubs', 'Recommendations', 'Profile']);
  });
});
