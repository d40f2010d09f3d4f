import { CELL_COUNT, GRID_SIZE } from '../../../lib/limits';
import { ANTI_DIAGONAL, COLUMNS, MAIN_DIAGONAL, ROWS } from '../../../lib/scoring';
import {
  countLines,
  filledPositions,
  findCompletedLines,
  type ShareCard,
} from '../../../lib/share-card';
import { wrapText } from '../../books/cover-svg';

/**
 * The shared card as an SVG of our own (decision 015): a string template, every text escaped,
 * drawn in the app's hedgehog colours at the size social sites ask for (1200 x 630). The same
 * SVG is served to browsers and rasterised to PNG by resvg with the DejaVu fonts we ship.
 */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

export const COLOURS = {
  bark: '#5a3e2b',
  barkDark: '#3b281b',
  barkLight: '#8a6a4f',
  cream: '#fdf6e9',
  parchment: '#f5e9d3',
  paper: '#fffdf8',
  skin: '#e9c9a0',
  moss: '#4f6f2f',
  mossDark: '#3c5623',
  mossLight: '#e3ecd4',
  text: '#2e2118',
  muted: '#6b5848',
  border: '#d9c4a5',
} as const;

/** Fonts named first are the ones resvg has (we ship them); browsers fall back to their own. */
export const SANS = "Nunito, 'DejaVu Sans', 'Segoe UI', Arial, sans-serif";
export const SERIF = "Lora, 'DejaVu Sans', Georgia, serif";

// The grid on the right, the summary panel on the left.
const GRID_X = 404;
const GRID_Y = 28;
const GAP = 10;
const SQUARE_W = 184;
const SQUARE_H = 134;
const PAD = 12;

/**
 * Text for an XML text node or attribute: the five markup characters as references, and the
 * characters XML 1.0 forbids (C0 controls other than tab and newlines, lone surrogates,
 * U+FFFE/U+FFFF) dropped, so a book title from any provider cannot break the document.
 */
export function escapeSvgText(value: string): string {
  let kept = '';
  // for...of walks code points: a paired surrogate arrives whole, a lone one on its own.
  for (const char of value) {
    const c = char.codePointAt(0)!;
    const control = c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d;
    if (control || (c >= 0xd800 && c <= 0xdfff) || c === 0xfffe || c === 0xffff) continue;
    kept += char;
  }
  return kept.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function lines(
  texts: string[],
  x: number,
  y: number,
  lineHeight: number,
  attributes: string,
): string {
  return texts
    .map(
      (line, i) =>
        `<text x="${x}" y="${y + i * lineHeight}" ${attributes}>${escapeSvgText(line)}</text>`,
    )
    .join('');
}

/** The hedgehog of the app's logo (src/client/components/hedgehog-logo.tsx), in fixed colours. */
export function hedgehog(x: number, y: number, scale: number): string {
  return `<g transform="translate(${x} ${y}) scale(${scale})" aria-hidden="true">
<path d="M6 34c0-12 10-24 26-24 9 0 16 4 20 10l6 2-4 3c1 3 1 6 0 9H8c-1-0-2 0-2 0z" fill="${COLOURS.bark}"/>
<path d="M10 24l-5-3 6-1-3-5 6 1-1-6 6 3 1-6 5 5 3-6 3 6 4-5 1 6 5-3-1 6" fill="none" stroke="${COLOURS.barkDark}" stroke-width="2" stroke-linejoin="round"/>
<path d="M40 22c6 0 12 4 14 9l4 1-3 2c0 1-1 2-2 2H40z" fill="${COLOURS.skin}"/>
<circle cx="49" cy="27" r="1.8" fill="#1f150e"/><circle cx="58.5" cy="32" r="1.6" fill="#1f150e"/>
<path d="M18 44l10-6 10 6 10-6v-4l-10 6-10-6-10 6z" fill="${COLOURS.moss}"/>
<path d="M28 38v6" stroke="${COLOURS.cream}" stroke-width="1"/></g>`;
}

function squareOrigin(position: number): { x: number; y: number } {
  const row = Math.floor(position / GRID_SIZE);
  const column = position % GRID_SIZE;
  return { x: GRID_X + column * (SQUARE_W + GAP), y: GRID_Y + row * (SQUARE_H + GAP) };
}

function squareCentre(position: number): { x: number; y: number } {
  const { x, y } = squareOrigin(position);
  return { x: x + SQUARE_W / 2, y: y + SQUARE_H / 2 };
}

/** A square's frame (drawn first, under the strokes of completed lines). */
function squareFrame(card: ShareCard, position: number): string {
  const { x, y } = squareOrigin(position);
  const filled = card.squares.some((s) => s.position === position && s.book);
  return filled
    ? `<rect x="${x}" y="${y}" width="${SQUARE_W}" height="${SQUARE_H}" rx="10" fill="${COLOURS.mossLight}" stroke="${COLOURS.moss}" stroke-width="2"/>`
    : `<rect x="${x}" y="${y}" width="${SQUARE_W}" height="${SQUARE_H}" rx="10" fill="${COLOURS.paper}" stroke="${COLOURS.border}" stroke-width="2" stroke-dasharray="6 5"/>`;
}

/** A square's words: the challenge, then the book's title and authors, or its number. */
function squareText(card: ShareCard, position: number): string {
  const { x, y } = squareOrigin(position);
  const cell = card.squares.find((s) => s.position === position);
  const challenge = wrapText(cell?.challenge ?? '', 24, 2);
  const book = cell?.book ?? null;
  const challengeText = lines(
    challenge,
    x + PAD,
    y + PAD + 11,
    15,
    `font-family="${SANS}" font-size="12" fill="${COLOURS.muted}"`,
  );
  if (!book) {
    return `${challengeText}<text x="${x + SQUARE_W / 2}" y="${y + SQUARE_H - 22}" text-anchor="middle" font-family="${SERIF}" font-size="28" fill="${COLOURS.border}">${position + 1}</text>`;
  }
  const titleTop = y + PAD + 11 + challenge.length * 15 + 10;
  const title = wrapText(book.title, 17, 3);
  const author = wrapText(book.authors, 26, 1);
  const wildcard = book.isWildcard
    ? `<g><circle cx="${x + SQUARE_W - 16}" cy="${y + SQUARE_H - 16}" r="11" fill="${COLOURS.bark}"/><text x="${x + SQUARE_W - 16}" y="${y + SQUARE_H - 11.5}" text-anchor="middle" font-family="${SANS}" font-size="13" font-weight="bold" fill="${COLOURS.cream}">W</text></g>`
    : '';
  return `${challengeText}${lines(
    title,
    x + PAD,
    titleTop + 6,
    19,
    `font-family="${SERIF}" font-size="16" font-weight="bold" fill="${COLOURS.barkDark}"`,
  )}${lines(
    author,
    x + PAD,
    titleTop + 6 + title.length * 19 + 2,
    15,
    `font-family="${SANS}" font-size="12" fill="${COLOURS.text}"`,
  )}${wildcard}`;
}

/** A stroke through each completed line, as a pen would mark a bingo card. */
function completedStrokes(filled: ReadonlySet<number>): string {
  const full = (line: number[]) => line.every((p) => filled.has(p));
  const all = [...ROWS, ...COLUMNS, MAIN_DIAGONAL, ANTI_DIAGONAL].filter(full);
  return all
    .map((line) => {
      const from = squareCentre(line[0]!);
      const to = squareCentre(line.at(-1)!);
      return `<line x1="${from.x}" y1="${from.y}" x2="${to.x}" y2="${to.y}" stroke="${COLOURS.moss}" stroke-opacity="0.35" stroke-width="16" stroke-linecap="round"/>`;
    })
    .join('');
}

/** The whole card as an SVG document; `description` becomes its <title> and <desc>. */
export function renderShareCardSvg(card: ShareCard, description: string): string {
  const filled = filledPositions(card);
  const lineCount = countLines(findCompletedLines(filled));
  const positions = Array.from({ length: CELL_COUNT }, (_, p) => p);
  const frames = positions.map((p) => squareFrame(card, p)).join('');
  const words = positions.map((p) => squareText(card, p)).join('');
  const heading = wrapText(card.gridTitle, 16, 3);
  const headingBottom = 176 + (heading.length - 1) * 34;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" role="img" aria-labelledby="card-title card-desc">
<title id="card-title">${escapeSvgText(card.gridTitle)}</title>
<desc id="card-desc">${escapeSvgText(description)}</desc>
<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${COLOURS.cream}"/>
<rect x="16" y="16" width="366" height="${CARD_HEIGHT - 32}" rx="18" fill="${COLOURS.bark}"/>
${hedgehog(40, 34, 1.6)}
<text x="150" y="62" font-family="${SERIF}" font-size="20" font-weight="bold" fill="${COLOURS.cream}">Hedgehog</text>
<text x="150" y="86" font-family="${SERIF}" font-size="20" font-weight="bold" fill="${COLOURS.cream}">Reading Bingo</text>
${lines(heading, 40, 176, 34, `font-family="${SERIF}" font-size="28" font-weight="bold" fill="${COLOURS.cream}"`)}
<text x="40" y="${headingBottom + 92}" font-family="${SERIF}" font-size="64" font-weight="bold" fill="${COLOURS.skin}">${card.points}</text>
<text x="40" y="${headingBottom + 122}" font-family="${SANS}" font-size="20" fill="${COLOURS.cream}">${card.points === 1 ? 'point' : 'points'}</text>
<text x="40" y="${headingBottom + 172}" font-family="${SANS}" font-size="22" fill="${COLOURS.cream}">${filled.size} of ${CELL_COUNT} squares</text>
<text x="40" y="${headingBottom + 206}" font-family="${SANS}" font-size="22" fill="${COLOURS.cream}">${lineCount} ${lineCount === 1 ? 'line' : 'lines'} complete</text>
<rect x="${GRID_X - 12}" y="${GRID_Y - 12}" width="${GRID_SIZE * SQUARE_W + (GRID_SIZE - 1) * GAP + 24}" height="${GRID_SIZE * SQUARE_H + (GRID_SIZE - 1) * GAP + 24}" rx="16" fill="${COLOURS.parchment}"/>
${frames}
${completedStrokes(filled)}
${words}
</svg>`;
}
