/** Debian's Chromium, driven by playwright-core: the real browser of the help-page and browser-client tests. */
import { chromium, type Browser } from 'playwright-core';
import { requireProgram } from './require-program.js';

const CHROMIUM = '/usr/bin/chromium';

/** Skips a test when Chromium is missing on a developer's machine; fails it when `CI=true`. */
export const chromiumCheck = requireProgram({
  what: 'Chromium at /usr/bin/chromium',
  packages: 'chromium',
  programs: [CHROMIUM],
});

/** Headless Chromium as a container runs it: no sandbox, no GPU, nothing fetched in the background. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}
