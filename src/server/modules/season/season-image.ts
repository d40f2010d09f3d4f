import { messages } from '../../../lib/messages';
import type { SeasonStatsResponse } from '../../../lib/schemas/season';
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

/** The image's alt text: the card's headline numbers, nobody's name (as the share card's). */
export function seasonImageAlt(stats: SeasonStatsResponse): string {
  return messages.seasonStats.imageAlt(
    stats.grid.title,
    stats.participants,
    stats.readersWithLine,
    stats.fullCards,
    stats.distinctBooks,
  );
}

/**
 * A season's headline numbers as an SVG, drawn with the share card's colours, fonts and
 * hedgehog (decision 015) at its size (1200 x 630), rasterised by the same renderSharePng.
 * Totals only: no reader, no book a reader could be told by.
 */
export function renderSeasonSvg(stats: SeasonStatsResponse): string {
  const figures: [string, string][] = [
    [String(stats.participants), messages.seasonStats.participants],
    [String(stats.readersWithLine), messages.seasonStats.readersWithLine],
    [String(stats.fullCards), messages.seasonStats.fullCards],
    [String(stats.distinctBooks), messages.seasonStats.distinctBooks],
    [messages.seasonStats.average(stats.averageSquares), messages.seasonStats.averageSquares],
  ];
  const heading = wrapText(stats.grid.title, 16, 4);
  const boxes = figures
    .map(([value, label], i) => {
      const x = 420 + (i % 2) * 380;
      const y = 40 + Math.floor(i / 2) * 190;
      return `<rect x="${x}" y="${y}" width="360" height="170" rx="16" fill="${COLOURS.paper}" stroke="${COLOURS.border}" stroke-width="2"/>
<text x="${x + 28}" y="${y + 92}" font-family="${SERIF}" font-size="64" font-weight="bold" fill="${COLOURS.mossDark}">${escapeSvgText(value)}</text>
<text x="${x + 28}" y="${y + 138}" font-family="${SANS}" font-size="24" fill="${COLOURS.text}">${escapeSvgText(label)}</text>`;
    })
    .join('\n');
  const status = stats.grid.isCurrent
    ? messages.seasonStats.imageLive
    : messages.seasonStats.imageFinal;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" role="img" aria-labelledby="season-title season-desc">
<title id="season-title">${escapeSvgText(messages.seasonStats.title(stats.grid.title))}</title>
<desc id="season-desc">${escapeSvgText(seasonImageAlt(stats))}</desc>
<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${COLOURS.cream}"/>
<rect x="16" y="16" width="366" height="${CARD_HEIGHT - 32}" rx="18" fill="${COLOURS.bark}"/>
${hedgehog(40, 34, 1.6)}
<text x="150" y="62" font-family="${SERIF}" font-size="20" font-weight="bold" fill="${COLOURS.cream}">Hedgehog</text>
<text x="150" y="86" font-family="${SERIF}" font-size="20" font-weight="bold" fill="${COLOURS.cream}">Reading Bingo</text>
<text x="40" y="150" font-family="${SANS}" font-size="22" fill="${COLOURS.skin}">${messages.seasonStats.imageHeading}</text>
${heading
  .map(
    (line, i) =>
      `<text x="40" y="${196 + i * 34}" font-family="${SERIF}" font-size="28" font-weight="bold" fill="${COLOURS.cream}">${escapeSvgText(line)}</text>`,
  )
  .join('')}
<text x="40" y="${CARD_HEIGHT - 48}" font-family="${SANS}" font-size="22" fill="${COLOURS.cream}">${status}</text>
${boxes}
</svg>`;
}
