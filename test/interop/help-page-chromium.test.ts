/**
 * The help pages in a real browser: headless Chromium opens the service's
 * help page, follows the `Authenticate` link, fills the test form's
 * `requestJson` and presses Invoke; the form posts to a new window
 * (`target="_blank"`), and the handler receives the value exactly, over
 * HttpPost; a value request validation refuses shows its refusal instead.
 * The operation page's screenshot is kept as a test artifact,
 * `test/artifacts/help-operation.png`.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startRecordingServer, type RecordingServer } from '../server/recording-server.js';
import { chromiumCheck, launchChromium } from './chromium.js';

const ARTIFACTS = join(import.meta.dirname, '..', 'artifacts');

/**
 * XML and HTML specials, quotes, non-ASCII, outside the BMP, spaces at both ends (a text field drops line breaks);
 * no `<` before a letter, which request validation refuses (the second test).
 */
const VALUE = '  {"user":"< b>&amp;\'x\'</b>","name":"Zoë 日本 😀𝄞"}  ';

let server: RecordingServer;
let browser: Browser | undefined;
beforeAll(async () => {
  server = await startRecordingServer();
  if (!chromiumCheck.available) return;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

it('help page → Authenticate → requestJson → Invoke: the handler gets the value, exactly, by HttpPost', async (ctx) => {
  chromiumCheck.need(ctx);
  const page = await browser!.newPage();
  try {
    const help = await page.goto(server.endpoint);
    expect(help?.status()).toBe(200);
    expect(await page.title()).toBe('AuthenticationWebService Web Service');

    await page.getByRole('link', { name: 'Authenticate', exact: true }).click();
    await page.waitForURL(`${server.endpoint}?op=Authenticate`);
    expect(await page.getByRole('heading', { level: 2 }).textContent()).toBe('Authenticate');

    const field = page.locator('form input[name="requestJson"]');
    await field.fill(VALUE);
    expect(await field.inputValue()).toBe(VALUE);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'help-operation.png'), fullPage: true });

    server.reset();
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: 'Invoke' }).click(),
    ]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(`${server.endpoint}/Authenticate`);

    expect(server.calls).toEqual([
      { operation: 'Authenticate', transport: 'httpPost', input: { requestJson: VALUE }, files: [] },
    ]);
    const [request] = server.requests;
    expect(request).toMatchObject({ method: 'POST', url: '/AuthenticationWebService.asmx/Authenticate' });
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    await popup.close();
  } finally {
    await page.close();
  }
}, 60_000);

it('a value request validation refuses: the new window shows the plain-text refusal, no handler is called', async (ctx) => {
  chromiumCheck.need(ctx);
  const page = await browser!.newPage();
  try {
    await page.goto(`${server.endpoint}?op=Authenticate`);
    await page.locator('form input[name="requestJson"]').fill('<b>bold</b>');
    server.reset();
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: 'Invoke' }).click(),
    ]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(`${server.endpoint}/Authenticate`);
    // text/plain, shown as it is: the message HTML-encoded, as ASMX writes it.
    expect((await popup.locator('body').innerText()).trim()).toBe(
      'A potentially dangerous Request.Form value was detected from the client ' +
        '(requestJson=&quot;&lt;b&gt;bold&lt;/b&gt;&quot;).',
    );
    expect(server.calls).toEqual([]);
    await popup.close();
  } finally {
    await page.close();
  }
}, 60_000);
