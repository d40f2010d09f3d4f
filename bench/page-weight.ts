import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startBenchServer } from './bench-server';

/** The built web app the page-weight benchmark serves. */
export const CLIENT_DIST = path.resolve(import.meta.dirname, '..', 'dist', 'client');
/** Issue 2's budget: JavaScript before /login is usable. */
export const LOGIN_BUDGET_GZIP_BYTES = 110 * 1024;

const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/** Every JavaScript file of the build, gzip-compressed, in bytes. */
function wholeAppGzip(): number {
  const assets = path.join(CLIENT_DIST, 'assets');
  return readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, f) => sum + gzipSize(path.join(assets, f)), 0);
}

export interface PageWeight {
  loginGzip: number;
  loginFiles: string[];
  wholeAppGzip: number;
}

/**
 * Loads /login in Chromium and adds up (gzip) every script the page fetched until its form is
 * usable: the email field, the password field and the captcha widget are on screen.
 */
export async function measurePageWeight(): Promise<PageWeight> {
  const server = await startBenchServer({ STATIC_DIR: CLIENT_DIST });
  try {
    const browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
    try {
      const page = await browser.newPage();
      const scripts = new Set<string>();
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (response.request().resourceType() === 'script' && url.pathname.endsWith('.js')) {
          scripts.add(url.pathname);
        }
      });
      await page.goto(`${server.url}/login`);
      await page.getByLabel(/email/i).waitFor();
      await page.locator('altcha-widget').waitFor();
      await page.waitForLoadState('networkidle');
      const loginFiles = [...scripts].sort();
      const loginGzip = loginFiles.reduce((sum, p) => sum + gzipSize(path.join(CLIENT_DIST, p)), 0);
      return { loginGzip, loginFiles, wholeAppGzip: wholeAppGzip() };
    } finally {
      await browser.close();
    }
  } finally {
    await server.close();
  }
}
