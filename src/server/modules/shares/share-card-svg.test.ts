import { afterAll, describe, expect, it } from 'vitest';
import { describeShareCard, type ShareCard } from '../../../lib/share-card';
import { createPngRenderer } from './share-card-png';
import { escapeSvgText, renderShareCardSvg } from './share-card-svg';

const hostile = 'Tea \u0001& <b>"Cakes"</b> \ud800 for \'all\'';

function card(title: string): ShareCard {
  return {
    gridTitle: title,
    points: 10,
    squares: Array.from({ length: 16 }, (_, position) => ({
      position,
      challenge: `Challenge ${position + 1}`,
      book: position === 0 ? { title, authors: title, isWildcard: true } : null,
    })),
  };
}

const png = createPngRenderer({ threads: 1, queueMax: 1 });
afterAll(() => png.close());

describe('the share card SVG', () => {
  it('escapes markup and drops what XML forbids', () => {
    expect(escapeSvgText(hostile)).toBe(
      'Tea &#38; &#60;b&#62;&#34;Cakes&#34;&#60;/b&#62;  for &#39;all&#39;',
    );
    expect(escapeSvgText('Hérisson 📚 ok')).toBe('Hérisson 📚 ok');
  });

  it('stays a document resvg reads, whatever a title holds', async () => {
    const svg = renderShareCardSvg(card(hostile), describeShareCard(card(hostile)));
    expect(svg).not.toContain('<b>');
    expect(svg).not.toContain('\u0001');
    const bytes = await png.render(svg);
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  });
});
