// The workshop (量化) in real Chromium against the real browser host: the tiny F16
// test model picked with the app's file browser, quantized for real by
// llama-quantize with its progress and estimated sizes, and loaded with one click
// into a real llama-server; a larger model cancelled mid-run, leaving no file; a
// text file and a quantized model refused in words; the tiny Hugging Face folder
// converted by the real convert_hf_to_gguf.py, then quantized and loaded.
import { existsSync } from 'node:fs';
import { copyFile, cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startHost, tinyModel, type RunningHost } from '@test-support/host-process';
import { CONVERT_SETUP_TIMEOUT_MS, requireConvertAssets } from '@test-support/workshop/convert-assets';
import { requireWorkshopAssets, workshopAssets } from '@test-support/workshop/workshop-assets';
import { connectHost } from '@test-support/ws-client';

let host: RunningHost;
let modelsDir: string;
/** holds the tiny Hugging Face folder, apart from the library folder the first test browses */
let hfDir: string;

test.beforeAll(async () => {
  test.setTimeout(CONVERT_SETUP_TIMEOUT_MS);
  requireWorkshopAssets();
  const convert = await requireConvertAssets();
  modelsDir = await mkdtemp(join(tmpdir(), 'eva-e2e-workshop-'));
  await copyFile(tinyModel, join(modelsDir, 'tiny-F16.gguf'));
  await writeFile(join(modelsDir, 'notes.txt'), 'These are notes, not a model.\n');
  hfDir = await mkdtemp(join(tmpdir(), 'eva-e2e-hf-'));
  await cp(convert.hfModel, join(hfDir, 'tiny-hf'), { recursive: true });
  // The Python environment the tests set up once, instead of one per data dir.
  host = await startHost({ EVA_PYTHON_ENV_DIR: convert.envDir });
  const client = await connectHost(host.url);
  await client.invoke('models:set-folders', { folders: [modelsDir] });
  client.close();
});

test.afterAll(async () => {
  expect(await host.stop()).toBe(0);
  await rm(modelsDir, { recursive: true, force: true });
  await rm(hfDir, { recursive: true, force: true });
});

/** The workshop page: one of the Expend window's tabs. */
async function openWorkshop(page: Page): Promise<void> {
  await page.goto(host.url);
  if (!(await page.getByTestId('open-workshop').isVisible())) await page.getByTestId('open-expend').click();
  await page.getByTestId('open-workshop').click();
  await expect(page.getByTestId('workshop-page')).toBeVisible();
}

const typeRow = (page: Page, type: string) => page.locator(`[data-testid="workshop-type"][data-type="${type}"]`);

async function readModel(page: Page, path: string): Promise<void> {
  await page.getByTestId('workshop-model-path').fill(path);
  await page.getByTestId('workshop-read').click();
}

test('quantizes the tiny model picked with the file browser, with progress and sizes, and loads the result with one click', async ({
  page,
}) => {
  await openWorkshop(page);
  await page.getByTestId('workshop-browse').click();
  const browser = page.getByTestId('browse-dialog');
  await browser.locator(`.browse-place[title="${modelsDir}"]`).click();
  await expect(page.getByTestId('browse-path')).toHaveText(modelsDir);
  // Models only: notes.txt is not offered.
  await expect(page.getByTestId('browse-entry')).toHaveText([/tiny-F16\.gguf/]);
  await page.getByTestId('browse-entry').dblclick();
  await expect(browser).toHaveCount(0);

  await expect(page.getByTestId('workshop-model')).toHaveText('tiny-llama-test: F16, 9 MiB');
  await expect(page.getByTestId('workshop-type')).toHaveCount(23);
  await expect(typeRow(page, 'Q8_0').getByTestId('workshop-type-size')).toHaveText('≈ 5 MiB');
  await expect(page.getByTestId('workshop-output')).toHaveValue(join(modelsDir, 'tiny-Q4_K_M.gguf'));
  // Q5_0: on CPUs with AMX (the Xeons these tests run on) this llama.cpp's AMX matmul crashes llama-server
  // on Q4_0/Q8_0/K-quant weights, whichever tool wrote them; Q5_0 takes the plain path and loads everywhere.
  await typeRow(page, 'Q5_0').locator('input').check();
  const output = join(modelsDir, 'tiny-Q5_0.gguf');
  await expect(page.getByTestId('workshop-output')).toHaveValue(output);
  await page.getByTestId('workshop-start').click();
  await expect(page.getByTestId('workshop-result')).toContainText(`Wrote ${output} (`);
  expect(existsSync(output)).toBe(true);
  expect(existsSync(`${output}.part`)).toBe(false);

  await page.getByTestId('workshop-load').click();
  await expect(page.getByTestId('status-state')).toHaveAttribute('data-state', 'ready');
  const client = await connectHost(host.url);
  const status = await client.invoke('backend:status');
  client.close();
  expect(status.model?.path).toBe(output);
});

test('a larger model cancelled mid-run leaves no file behind', async ({ page }) => {
  await openWorkshop(page);
  await readModel(page, workshopAssets.mediumModel);
  await expect(page.getByTestId('workshop-model')).toContainText('medium-llama-test: F16');
  // IQ3_M: among the slowest types to write (its grid search), so the click lands mid-run on a fast machine too.
  await typeRow(page, 'IQ3_M').locator('input').check();
  const output = join(modelsDir, 'medium-IQ3_M.gguf');
  await page.getByTestId('workshop-output').fill(output);
  await page.getByTestId('workshop-start').click();
  await expect(page.getByTestId('workshop-progress-text')).toHaveText(/^Tensor \d+ of 39: /);
  await page.getByTestId('workshop-cancel').click();
  await expect(page.getByTestId('workshop-cancelled')).toHaveText('Cancelled. The partial file was removed.');
  expect(existsSync(output)).toBe(false);
  expect(existsSync(`${output}.part`)).toBe(false);
});

test('a text file and a quantized model are refused in words, in English and Chinese', async ({ page }) => {
  await openWorkshop(page);
  const notes = join(modelsDir, 'notes.txt');
  await readModel(page, notes);
  await expect(page.getByTestId('workshop-plan-error')).toHaveText(
    `${notes} is not a GGUF model file. Choose a .gguf model.`,
  );

  // The Q5_0 file the first test wrote (or a fresh one when this test runs alone).
  const quantized = join(modelsDir, 'tiny-Q5_0.gguf');
  if (!existsSync(quantized)) {
    const client = await connectHost(host.url);
    await client.invoke('workshop:quantize', {
      jobId: 'setup',
      modelPath: join(modelsDir, 'tiny-F16.gguf'),
      type: 'Q5_0',
      outputPath: quantized,
    });
    client.close();
  }
  await readModel(page, quantized);
  await expect(page.getByText('This model is quantized already (Q5_0).', { exact: false })).toBeVisible();
  await typeRow(page, 'Q8_0').locator('input').check();
  await page.getByTestId('workshop-start').click();
  await expect(page.getByTestId('workshop-error')).toHaveText(
    'This model is quantized already. To quantize it again anyway, tick “Requantize anyway” (quality drops further).',
  );
  await page.getByTestId('workshop-requantize').check();
  await page.getByTestId('workshop-start').click();
  await expect(page.getByTestId('workshop-result')).toContainText('tiny-Q8_0.gguf');

  const client = await connectHost(host.url);
  await client.invoke('settings:update', { language: 'zh' });
  client.close();
  await openWorkshop(page);
  await readModel(page, notes);
  await expect(page.getByTestId('workshop-plan-error')).toHaveText(`${notes} 不是 GGUF 模型文件。请选择 .gguf 模型。`);
});

test('converts the tiny Hugging Face folder picked with the file browser, then quantizes the result and loads it', async ({
  page,
}) => {
  // The test before this one leaves the page in Chinese.
  const settings = await connectHost(host.url);
  await settings.invoke('settings:update', { language: 'en' });
  settings.close();
  await openWorkshop(page);
  await page.getByTestId('workshop-tab-convert').click();
  // The browser opens where the field points.
  await page.getByTestId('convert-folder').fill(hfDir);
  await page.getByTestId('convert-browse').click();
  const browser = page.getByTestId('browse-dialog');
  await expect(page.getByTestId('browse-path')).toHaveText(hfDir);
  await page.getByTestId('browse-entry').filter({ hasText: 'tiny-hf' }).dblclick();
  const folder = join(hfDir, 'tiny-hf');
  await expect(page.getByTestId('browse-path')).toHaveText(folder);
  await page.getByTestId('browse-choose').click();
  await expect(browser).toHaveCount(0);
  await expect(page.getByTestId('convert-folder')).toHaveValue(folder);

  await expect(page.getByTestId('convert-architecture')).toHaveText('LlamaForCausalLMsupported');
  await expect(page.getByTestId('convert-tokenizer')).toContainText('tokenizer.model');
  await expect(page.getByTestId('convert-ready')).toBeVisible();
  await expect(page.getByTestId('convert-python')).toContainText('Python environment: ready');
  const converted = join(hfDir, 'tiny-hf-F16.gguf');
  await expect(page.getByTestId('convert-output')).toHaveValue(converted);
  await page.getByTestId('convert-start').click();
  await expect(page.getByTestId('convert-result')).toContainText(`Wrote ${converted} (`);
  await expect(page.getByTestId('convert-result')).toContainText('21 tensors');
  await expect(page.getByTestId('convert-log')).toContainText('Model successfully exported');
  expect(existsSync(converted)).toBe(true);
  expect(existsSync(`${converted}.part`)).toBe(false);

  await page.getByTestId('convert-quantize').click();
  await expect(page.getByTestId('workshop-model-path')).toHaveValue(converted);
  await expect(page.getByTestId('workshop-model')).toContainText(': F16, ');
  // Q5_0: loads on the AMX Xeons these tests run on (see the first test).
  await typeRow(page, 'Q5_0').locator('input').check();
  const quantized = join(hfDir, 'tiny-hf-Q5_0.gguf');
  await expect(page.getByTestId('workshop-output')).toHaveValue(quantized);
  await page.getByTestId('workshop-start').click();
  await expect(page.getByTestId('workshop-result')).toContainText(`Wrote ${quantized} (`);
  await page.getByTestId('workshop-load').click();
  // The first test left another model loaded (and ready): wait for this one.
  const client = await connectHost(host.url);
  await expect
    .poll(async () => (await client.invoke('backend:status')).model?.path, { timeout: 30_000 })
    .toBe(quantized);
  await expect(page.getByTestId('status-state')).toHaveAttribute('data-state', 'ready');
  client.close();
});
