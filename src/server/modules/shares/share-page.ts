import { messages } from '../../../lib/messages';
import { summarizeShareCard } from '../../../lib/share-card';
import { CARD_HEIGHT, CARD_WIDTH } from './share-card-svg';
import type { LoadedShareCard } from './shares.service';

const APP_NAME = 'Hedgehog Reading Bingo';

/** Text for HTML text and double-quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The page's look: the app's colours, no script, no request beyond the card's own image. */
const STYLE = `
body{margin:0;background:#fdf6e9;color:#2e2118;font-family:'Segoe UI',system-ui,-apple-system,'Helvetica Neue',Arial,sans-serif;line-height:1.5}
main{max-width:1232px;margin:0 auto;padding:16px}
header{display:flex;align-items:center;justify-content:space-between;gap:12px;flex-wrap:wrap}
h1,h2{font-family:Georgia,'Iowan Old Style','Palatino Linotype',Palatino,serif;color:#3b281b;margin:.4em 0}
h1{font-size:1.6rem}h2{font-size:1.25rem}
.card{display:block;width:100%;height:auto;border-radius:12px;box-shadow:0 2px 10px rgba(59,40,27,.2)}
.summary{font-size:1.1rem}
ol{padding-left:1.5em}li{margin:.25em 0}
.empty{color:#6b5848}
a{color:#3c5623;font-weight:600}
a:focus-visible{outline:3px solid #c7782a;outline-offset:2px}
`;

function page(head: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${head}
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>
`;
}

/**
 * The public, read-only page of a shared card: Open Graph and Twitter card tags whose image is
 * an absolute URL from the configured public origin (APP_URL), the card as an image with the
 * card read out as its alt text, and the squares as a list. Every text is escaped.
 */
export function renderSharePage(loaded: LoadedShareCard, link: string): string {
  const { card } = loaded;
  const title = `${card.gridTitle} · ${APP_NAME}`;
  const summary = summarizeShareCard(card);
  const alt = messages.share.imageAlt(loaded.description);
  const image = `${link}/card.png`;
  const meta = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', APP_NAME],
    ['property', 'og:title', title],
    ['property', 'og:description', summary],
    ['property', 'og:url', link],
    ['property', 'og:image', image],
    ['property', 'og:image:type', 'image/png'],
    ['property', 'og:image:width', String(CARD_WIDTH)],
    ['property', 'og:image:height', String(CARD_HEIGHT)],
    ['property', 'og:image:alt', alt],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', summary],
    ['name', 'twitter:image', image],
    ['name', 'twitter:image:alt', alt],
    ['name', 'description', summary],
  ]
    .map(([kind, name, content]) => `<meta ${kind}="${name}" content="${escapeHtml(content!)}">`)
    .join('\n');
  const squares = [...card.squares]
    .sort((a, b) => a.position - b.position)
    .map((square) => {
      const book = square.book
        ? `${escapeHtml(square.book.title)}${square.book.authors ? ` by ${escapeHtml(square.book.authors)}` : ''}${
            square.book.isWildcard ? ` (${messages.share.wildcard})` : ''
          }`
        : `<span class="empty">${messages.share.empty}</span>`;
      return `<li><strong>${escapeHtml(square.challenge)}</strong>: ${book}</li>`;
    })
    .join('');
  const body = `<header><p>${APP_NAME}</p><a href="/">${messages.share.playLink}</a></header>
<h1>${escapeHtml(card.gridTitle)}</h1>
<p>${messages.share.pageIntro}</p>
<p class="summary">${escapeHtml(summary)}</p>
<img class="card" src="${escapeHtml(new URL(link).pathname)}/card.svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" alt="${escapeHtml(alt)}">
<h2>${messages.share.squaresHeading}</h2>
<ol>${squares}</ol>`;
  return page(
    `<title>${escapeHtml(title)}</title>\n<link rel="canonical" href="${escapeHtml(link)}">\n${meta}`,
    body,
  );
}

/** The page of a link that is unknown or revoked: 404, in the same look. */
export function renderShareNotFoundPage(): string {
  return page(
    `<title>${messages.share.notFoundHeading} · ${APP_NAME}</title>`,
    `<h1>${messages.share.notFoundHeading}</h1><p>${messages.share.notFound}</p><p><a href="/">${messages.share.playLink}</a></p>`,
  );
}
