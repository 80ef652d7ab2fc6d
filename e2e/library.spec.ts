// The model library in real Chromium against the real browser host: a real GGUF in a
// library folder, the server-side file browser by keyboard, a dropped .gguf uploaded
// into the library, and Discover searching and downloading from a local stand-in for
// the Hugging Face API (the real hub is not reachable here).
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { repoRoot, startHost, type RunningHost } from '@test-support/host-process';
import { sampleModel, sampleProjector } from '@test-support/hf/gguf-samples';
import { startHubStandIn, type HubStandIn } from '@test-support/hf/hub-stand-in';
import { connectHost } from '@test-support/ws-client';

const REPO = 'e2e-org/Sample-GGUF';
const HUB_FILE = 'sample-1b-Q4_K_M.gguf';

let host: RunningHost;
let hub: HubStandIn;
let modelsDir: string;
const hubBytes = sampleModel({
  name: 'Hub Sample',
  fileType: 15,
  sizeLabel: '1B',
  context: 8192,
  padFloats: 64 * 1024,
});

test.beforeAll(async () => {
  modelsDir = join(mkdtempSync(join(tmpdir(), 'eva-e2e-library-')), 'my models');
  mkdirSync(join(modelsDir, 'vision'), { recursive: true });
  writeFileSync(
    join(modelsDir, 'vision', 'e2e-sample-Q4_K_M.gguf'),
    sampleModel({ name: 'E2E Sample', fileType: 15, sizeLabel: '1B', context: 8192 }),
  );
  writeFileSync(join(modelsDir, 'vision', 'mmproj-e2e-sample-F16.gguf'), sampleProjector());
  writeFileSync(join(modelsDir, 'notes.txt'), 'not a model');
  hub = await startHubStandIn([
    { id: REPO, downloads: 1234, likes: 56, files: { [HUB_FILE]: hubBytes, 'README.md': Buffer.from('# sample') } },
  ]);
  host = await startHost();
  const client = await connectHost(host.url);
  await client.invoke('settings:update', { models: { hubEndpoint: hub.baseUrl } });
  // Adding a folder never moves downloads; this library chooses it as where they (and dropped files) go.
  await client.invoke('models:set-folders', { folders: [modelsDir], downloadFolder: modelsDir });
  client.close();
});

test.afterAll(async () => {
  const code = host ? await host.stop() : null;
  await hub?.close();
  expect(code).toBe(0);
});

async function openLoadDialog(page: Page): Promise<void> {
  await page.goto(host.url);
  await page.getByTestId('load-open').click();
  await expect(page.getByTestId('load-dialog')).toBeVisible();
}

test('My models lists a real GGUF from a library folder with its header facts and projector; picking fills the form', async ({
  page,
}) => {
  await openLoadDialog(page);
  const row = page.locator('[data-testid="library-model"]', { hasText: 'E2E Sample' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Q4_K_M');
  await expect(row).toContainText('1B');
  await expect(row).toContainText('8,192');
  await expect(row.getByTestId('library-projector')).toBeVisible();
  await row.locator('.library-pick').click();
  await expect(page.getByTestId('model-path')).toHaveValue(join(modelsDir, 'vision', 'e2e-sample-Q4_K_M.gguf'));
  await expect(page.getByTestId('mmproj-path')).toHaveValue(join(modelsDir, 'vision', 'mmproj-e2e-sample-F16.gguf'));
});

test('the file browser walks folders by keyboard and picks a .gguf; Esc closes only it', async ({ page }) => {
  await openLoadDialog(page);
  await page.getByTestId('model-browse').click();
  const browser = page.getByTestId('browse-dialog');
  await expect(browser).toBeVisible();
  await browser.locator(`.browse-place[title="${modelsDir}"]`).click();
  await expect(page.getByTestId('browse-path')).toHaveText(modelsDir);
  // Folders and .gguf files only: notes.txt is not offered.
  await expect(page.getByTestId('browse-entry')).toHaveText([/vision/]);
  const list = page.getByTestId('browse-list');
  await list.focus();
  await page.keyboard.press('Backspace');
  await expect(page.getByTestId('browse-path')).toHaveText(dirname(modelsDir));
  await page.locator('[data-testid="browse-entry"]', { hasText: basename(modelsDir) }).click();
  await list.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('browse-path')).toHaveText(modelsDir);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('browse-path')).toHaveText(join(modelsDir, 'vision'));
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  await expect(browser).toHaveCount(0);
  await expect(page.getByTestId('model-path')).toHaveValue(join(modelsDir, 'vision', 'e2e-sample-Q4_K_M.gguf'));

  await page.getByTestId('model-browse').click();
  await expect(browser).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(browser).toHaveCount(0);
  await expect(page.getByTestId('load-dialog')).toBeVisible();
});

/** Drops files made in the page onto the load dialog, as a drag from the desktop would. */
async function dropOnDialog(page: Page, files: Array<{ name: string; bytes: number[] }>): Promise<void> {
  const transfer = await page.evaluateHandle((list) => {
    const data = new DataTransfer();
    for (const file of list) data.items.add(new File([new Uint8Array(file.bytes)], file.name));
    return data;
  }, files);
  const dialog = page.getByTestId('load-dialog');
  await dialog.dispatchEvent('dragenter', { dataTransfer: transfer });
  await dialog.dispatchEvent('dragover', { dataTransfer: transfer });
  await dialog.dispatchEvent('drop', { dataTransfer: transfer });
}

test('a dropped .gguf is uploaded through the browser host into the library; anything else is refused in words', async ({
  page,
}) => {
  await openLoadDialog(page);
  await dropOnDialog(page, [{ name: 'notes.txt', bytes: [110, 111] }]);
  await expect(page.getByTestId('drop-note')).toContainText('notes.txt is not a model file');

  const bytes = sampleModel({ name: 'Dropped Sample', fileType: 7, context: 2048 });
  await dropOnDialog(page, [{ name: 'dropped-Q8_0.gguf', bytes: [...bytes] }]);
  const dest = join(modelsDir, 'dropped-Q8_0.gguf');
  await expect(page.getByTestId('model-path')).toHaveValue(dest);
  expect(readFileSync(dest).equals(bytes)).toBe(true);
  await expect(page.locator('[data-testid="library-model"]', { hasText: 'Dropped Sample' })).toHaveCount(1);
});

test('Discover finds a repository on the hub, shows its files with fit and free space, and downloads one into My models', async ({
  page,
}) => {
  await openLoadDialog(page);
  await page.getByTestId('load-tab-discover').click();
  await page.getByTestId('hub-query').fill('sample');
  await page.getByTestId('hub-search').click();
  const result = page.getByTestId('hub-result');
  await expect(result).toHaveCount(1);
  await expect(result).toContainText(REPO);
  await result.click();
  const file = page.getByTestId('hub-file');
  await expect(file).toHaveCount(1);
  await expect(file).toContainText(HUB_FILE);
  await expect(file).toContainText('Q4_K_M');
  await expect(file.getByTestId('hub-fit')).toHaveAttribute('data-fit', /gpu|partial|cpu|too-big/);
  await expect(page.getByTestId('hub-free')).toContainText(modelsDir);
  await file.getByTestId('hub-download').click();
  const download = page.getByTestId('download');
  await expect(download).toHaveAttribute('data-phase', 'done');
  await expect(file.getByTestId('hub-have')).toBeVisible();
  expect(readFileSync(join(modelsDir, HUB_FILE)).equals(hubBytes)).toBe(true);
  await expect(page.getByTestId('download-load')).toBeVisible();
  await page.screenshot({ path: join(repoRoot, 'docs', 'screenshot-library.png') });

  await page.getByTestId('load-tab-local').click();
  await expect(page.locator('[data-testid="library-model"]', { hasText: 'Hub Sample' })).toHaveCount(1);
});
