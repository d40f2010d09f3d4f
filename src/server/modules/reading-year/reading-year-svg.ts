import { messages } from '../../../lib/messages';
import type { ReadingYear } from '../../../lib/schemas/reading-year';
import { wrapText } from '../../books/cover-svg';
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  COLOURS,
  escapeSvgText,
  hedgehog,
  SANS,
  SERIF,
} from '../shares/share-card-svg';

const t = messages.readingYear;

/** One headline figure: the number large, its name beneath. */
function figure(x: number, y: number, value: string, label: string): string {
  return `<rect x="${x}" y="${y}" width="240" height="150" rx="14" fill="${COLOURS.paper}" stroke="${COLOURS.border}" stroke-width="2"/>
<text x="${x + 24}" y="${y + 78}" font-family="${SERIF}" font-size="54" font-weight="bold" fill="${COLOURS.barkDark}">${escapeSvgText(value)}</text>
<text x="${x + 24}" y="${y + 118}" font-family="${SANS}" font-size="22" fill="${COLOURS.muted}">${escapeSvgText(label)}</text>`;
}

function line(x: number, y: number, text: string, size = 22): string {
  return `<text x="${x}" y="${y}" font-family="${SANS}" font-size="${size}" fill="${COLOURS.text}">${escapeSvgText(text)}</text>`;
}

/**
 * A Year in Review as a 1200 x 630 image (issue 25), drawn like the shared card (decision 015:
 * the same colours, fonts, hedgehog and escaping; PNG through the same resvg renderer). It
 * shows the headline numbers only: no name, no email, nothing the Stats page does not show.
 * `description` becomes its <title>'s companion <desc>, the same text as the page's alt text.
 */
export function renderReadingYearSvg(reading: ReadingYear, description: string): string {
  const format = (n: number) => n.toLocaleString('en-GB');
  const squares = reading.cards.reduce((sum, card) => sum + card.squares, 0);
  const lines = reading.cards.reduce((sum, card) => sum + card.lines, 0);
  const notes: string[] = [];
  if (reading.longestBook) {
    notes.push(
      `${t.longestBook}: ${wrapText(reading.longestBook.title, 40, 1)[0] ?? ''} (${t.pages(reading.longestBook.pages ?? 0)})`,
    );
  }
  if (reading.bestRatedBook) {
    notes.push(
      `${t.bestRatedBook}: ${wrapText(reading.bestRatedBook.title, 40, 1)[0] ?? ''} (${t.ratingValue(reading.bestRatedBook.rating ?? 0)})`,
    );
  }
  if (reading.subjects[0]) notes.push(`${t.subjectsTitle}: ${reading.subjects[0].name}`);
  if (reading.cards.length) notes.push(t.altCards(squares, lines, reading.cards.length));
  const title = t.imageTitle(reading.year);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" role="img" aria-labelledby="year-title year-desc">
<title id="year-title">${escapeSvgText(title)}</title>
<desc id="year-desc">${escapeSvgText(description)}</desc>
<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${COLOURS.cream}"/>
<rect x="16" y="16" width="366" height="${CARD_HEIGHT - 32}" rx="18" fill="${COLOURS.bark}"/>
${hedgehog(40, 34, 1.6)}
<text x="150" y="62" font-family="${SERIF}" font-size="20" font-weight="bold" fill="${COLOURS.cream}">Hedgehog</text>
<text x="150" y="86" font-family="${SERIF}" font-size="20" font-weight="bold" fill="${COLOURS.cream}">Reading Bingo</text>
<text x="40" y="230" font-family="${SERIF}" font-size="96" font-weight="bold" fill="${COLOURS.skin}">${reading.year}</text>
<text x="40" y="290" font-family="${SERIF}" font-size="30" font-weight="bold" fill="${COLOURS.cream}">Year in Review</text>
<rect x="398" y="16" width="786" height="${CARD_HEIGHT - 32}" rx="18" fill="${COLOURS.parchment}"/>
${figure(422, 40, format(reading.booksRead), t.booksRead)}
${figure(672, 40, format(reading.pagesRead), t.pagesRead)}
${figure(922, 40, format(reading.authors.new), t.newAuthors)}
${figure(422, 206, format(reading.authors.returning), t.returningAuthors)}
${figure(672, 206, reading.averageRating === null ? '-' : reading.averageRating.toFixed(1), t.averageRating)}
${figure(922, 206, format(lines), t.imageLines)}
${notes.map((note, i) => line(430, 420 + i * 40, note)).join('\n')}
</svg>`;
}
