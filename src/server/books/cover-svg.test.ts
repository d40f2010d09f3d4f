import { describe, expect, it } from 'vitest';
import { coverDataUrl, coverHue, escapeXml, renderCoverSvg, wrapText } from './cover-svg';

describe('generated covers', () => {
  it('escapes markup and quotes', () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&#60;a href=&#34;x&#34;&#62;Tom &#38; Jerry&#39;s&#60;/a&#62;',
    );
  });

  it('wraps words into lines, cutting long words and ending overflow with an ellipsis', () => {
    expect(wrapText('The Fellowship of the Ring', 14, 5)).toEqual([
      'The Fellowship',
      'of the Ring',
    ]);
    expect(wrapText('Supercalifragilistic', 8, 5)).toEqual(['Superca-', 'lifragi-', 'listic']);
    expect(wrapText('one two three four five six', 5, 2)).toEqual(['one', 'two…']);
  });

  it('derives a stable hue from the key', () => {
    expect(coverHue('9780261103344')).toBe(coverHue('9780261103344'));
    expect(coverHue('9780261103344')).toBeGreaterThanOrEqual(0);
    expect(coverHue('9780261103344')).toBeLessThan(360);
    const hues = new Set(['1', '2', '3', '4', '5'].map(coverHue));
    expect(hues.size).toBeGreaterThan(1);
  });

  it('draws escaped text only', () => {
    const svg = renderCoverSvg({ key: 'k', title: '<script>x</script>', authors: 'A & B' });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('A &#38; B');
    expect(coverDataUrl({ key: 'k', title: 'T', authors: 'A' })).toMatch(
      /^data:image\/svg\+xml;charset=utf-8,%3Csvg/,
    );
  });
});
