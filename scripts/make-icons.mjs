// Renders the app's icons for the web app manifest (issue 26) from the hedgehog in
// public/favicon.svg: 192 and 512 px as drawn, and a maskable 512 px whose hedgehog sits inside
// the middle 80% (the safe zone a launcher's mask never cuts) on a full cream square.
// Run `node scripts/make-icons.mjs` after changing the favicon; the PNGs are committed.
import { readFileSync, writeFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';

const source = readFileSync('public/favicon.svg', 'utf8');
const inner = source.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
const maskable =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">' +
  '<rect width="64" height="64" fill="#fdf6e9"/>' +
  `<g transform="translate(6.4 6.4) scale(0.8)">${inner}</g></svg>`;

function render(svg, size, file) {
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
  writeFileSync(file, png);
  console.log(`${file}: ${png.length} bytes`);
}

render(source, 192, 'public/icons/icon-192.png');
render(source, 512, 'public/icons/icon-512.png');
render(maskable, 512, 'public/icons/icon-maskable-512.png');
