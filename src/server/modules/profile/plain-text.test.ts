import { describe, expect, it } from 'vitest';
import { toPlainText } from './plain-text';

describe('toPlainText', () => {
  it.each([
    ['Just words', 'Just words'],
    ['  padded  ', 'padded'],
    ['I <3 books & tea, 2 > 1', 'I <3 books & tea, 2 > 1'],
    ['"Quoted" and \'single\'', '"Quoted" and \'single\''],
    ['<b>Bold</b> <i>move</i>', 'Bold move'],
    ['<script>alert(1)</script>Safe', 'Safe'],
    ['<img src=x onerror=alert(1)>', ''],
    ['&lt;b&gt;sneaky&lt;/b&gt;', 'sneaky'],
    ['&amp;lt;script&amp;gt;x&amp;lt;/script&amp;gt;', ''],
  ])('%j becomes %j', (input, expected) => {
    expect(toPlainText(input)).toBe(expected);
  });

  it('leaves no tag however deeply the markup was escaped', () => {
    let input = '<b>deep</b>';
    for (let i = 0; i < 8; i += 1) input = input.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
    expect(toPlainText(input)).not.toMatch(/<[a-z/]/i);
  });
});
