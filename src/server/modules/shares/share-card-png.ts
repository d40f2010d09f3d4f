import { createRequire } from 'node:module';
import path from 'node:path';
import { renderAsync, type ResvgRenderOptions } from '@resvg/resvg-js';
import { CARD_WIDTH } from './share-card-svg';

/**
 * SVG to PNG with resvg (decision 015): a prebuilt binary that npm installs for the platform
 * through optional dependencies, no download at install or run time. resvg draws text only
 * with the fonts it is given, never the machine's own, so the image is the same on every
 * machine and in CI: Nunito and Lora (OFL, as TTF in npm packages), with DejaVu Sans as the
 * fallback for letters they lack (Greek, more of Cyrillic, symbols).
 */
const packageDir = (name: string) =>
  path.dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));

export const SHARE_FONT_FILES = [
  path.join(packageDir('@expo-google-fonts/nunito'), '400Regular', 'Nunito_400Regular.ttf'),
  path.join(packageDir('@expo-google-fonts/nunito'), '700Bold', 'Nunito_700Bold.ttf'),
  path.join(packageDir('@expo-google-fonts/lora'), '400Regular', 'Lora_400Regular.ttf'),
  path.join(packageDir('@expo-google-fonts/lora'), '700Bold', 'Lora_700Bold.ttf'),
  path.join(packageDir('dejavu-fonts-ttf'), 'ttf', 'DejaVuSans.ttf'),
];

const OPTIONS: ResvgRenderOptions = {
  font: {
    loadSystemFonts: false,
    fontFiles: SHARE_FONT_FILES,
    defaultFontFamily: 'Nunito',
    sansSerifFamily: 'Nunito',
    serifFamily: 'Lora',
  },
  fitTo: { mode: 'width', value: CARD_WIDTH },
  logLevel: 'off',
};

/** Rasterises the card's SVG off the event loop (resvg's own thread), as a PNG. */
export async function renderSharePng(svg: string): Promise<Buffer> {
  const image = await renderAsync(svg, OPTIONS);
  return image.asPng();
}
