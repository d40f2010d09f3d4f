const WIDTH = 200;
const HEIGHT = 300;
const SPINE = 14;
const TITLE_LINE_CHARS = 14;
const TITLE_MAX_LINES = 5;
const AUTHOR_LINE_CHARS = 22;
const AUTHOR_MAX_LINES = 2;

/** Escapes text for an SVG text node or attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** FNV-1a: a small, stable hash, so the same ISBN always gets the same colour. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The cover's background hue (0-359) for a key (the ISBN). */
export function coverHue(key: string): number {
  return hash(key) % 360;
}

/** Greedy word wrap; a word longer than a line is cut; overflow ends in an ellipsis. */
export function wrapText(text: string, lineChars: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (let word of words) {
    while (word.length > lineChars) {
      if (current) {
        lines.push(current);
        current = '';
      }
      lines.push(word.slice(0, lineChars - 1) + '-');
      word = word.slice(lineChars - 1);
    }
    if (!current) current = word;
    else if (current.length + 1 + word.length <= lineChars) current += ` ${word}`;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1]!;
  kept[maxLines - 1] = `${last.slice(0, lineChars - 1).replace(/[\s-]+$/, '')}…`;
  return kept;
}

function textLines(lines: string[], y: number, lineHeight: number, attributes: string): string {
  return lines
    .map(
      (line, i) =>
        `<text x="${(WIDTH + SPINE) / 2}" y="${y + i * lineHeight}" ${attributes}>${escapeXml(line)}</text>`,
    )
    .join('');
}

/**
 * A generated cover for a book without an image: title and author on a colour derived from
 * `key` (the ISBN), so no card shows a broken image. All text is escaped.
 */
export function renderCoverSvg(book: { key: string; title: string; authors: string }): string {
  const hue = coverHue(book.key);
  const title = wrapText(book.title, TITLE_LINE_CHARS, TITLE_MAX_LINES);
  const authors = wrapText(book.authors, AUTHOR_LINE_CHARS, AUTHOR_MAX_LINES);
  const font = 'font-family="Georgia, \'Times New Roman\', serif" text-anchor="middle"';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeXml(`${book.title} by ${book.authors}`)}">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="hsl(${hue}, 45%, 32%)"/>`,
    `<rect x="0" y="0" width="${SPINE}" height="${HEIGHT}" fill="hsl(${hue}, 45%, 22%)"/>`,
    `<rect x="${SPINE + 12}" y="24" width="${WIDTH - SPINE - 24}" height="${HEIGHT - 48}" fill="none" stroke="hsl(${hue}, 40%, 75%)" stroke-width="1.5"/>`,
    textLines(title, 78, 24, `${font} font-size="19" font-weight="bold" fill="#fdf8ef"`),
    textLines(authors, HEIGHT - 62, 17, `${font} font-size="13" fill="hsl(${hue}, 40%, 85%)"`),
    '</svg>',
  ].join('');
}

/** The same cover as a data: URL, for a result without an ISBN (it has no cover route). */
export function coverDataUrl(book: { key: string; title: string; authors: string }): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderCoverSvg(book))}`;
}
