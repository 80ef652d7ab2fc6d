// Images (文生图) in real Chromium against the real browser host. The first
// tests run a stand-in sd-cli (EVA_BIN_DIR points at a folder whose cpu/sd-cli
// is a script printing sd-cli's log and bars and writing a small PNG): the page's
// progress and Cancel, a picture put into the chat and kept in the history with
// its parameters, New seed from the chat, About naming sd-cli, a refusal in words.
// The last runs the real sd-cli on the tiny SD1 model where sd-cli could be built.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startHost, type RunningHost } from '@test-support/host-process';
import { ensureTinySdModel, installStandInSdCli, realSdCli } from '@test-support/images/sd-test-assets';
import { connectHost } from '@test-support/ws-client';

let host: RunningHost;
let dir: string;
let model: string;

test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'eva-e2e-images-'));
  const standInBin = await installStandInSdCli(dir);
  model = join(dir, 'model.safetensors');
  await writeFile(model, 'the stand-in does not read it');
  host = await startHost({ EVA_BIN_DIR: standInBin });
});

test.afterAll(async () => {
  expect(await host.stop()).toBe(0);
  await rm(dir, { recursive: true, force: true });
});

async function openImages(page: Page, url = host.url): Promise<void> {
  await page.goto(url);
  if (!(await page.getByTestId('open-images').isVisible())) await page.getByTestId('open-expend').click();
  await page.getByTestId('open-images').click();
  await expect(page.getByTestId('images-page')).toBeVisible();
}

async function galleryCount(): Promise<number> {
  const client = await connectHost(host.url);
  const { images } = await client.invoke('image:list');
  client.close();
  return images.length;
}

async function describePicture(page: Page, prompt: string, steps: number, modelPath = model): Promise<void> {
  await page.getByTestId('image-file-model').fill(modelPath);
  await page.getByTestId('image-prompt').fill(prompt);
  await page.getByTestId('image-steps').fill(String(steps));
}

test('stand-in sd-cli: draws with step progress, puts the picture into the chat, keeps it in the history, and New seed draws another', async ({
  page,
}) => {
  await openImages(page);
  await describePicture(page, 'stand-in:slow a lighthouse at dusk', 6);
  await page.getByTestId('image-seed').fill('1234');
  await page.getByTestId('image-generate').click();
  await expect(page.getByTestId('image-progress-text')).toHaveText(/Step [1-6] of 6/);
  await expect(page.getByTestId('image-result')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('image-result-caption')).toHaveText('512×512 · 6 steps · CFG 7 · euler_a · seed 1234');
  await expect(page.getByTestId('image-gallery-item')).toHaveCount(1);

  // The chat has it, as an answer with its parameters; after a reload it comes back from the history.
  await page.locator('.brand').click();
  const picture = page.getByTestId('chat-picture');
  await expect(picture).toHaveAttribute('data-seed', '1234');
  await expect(picture.getByTestId('chat-picture-caption')).toHaveText(
    '512×512 · 6 steps · CFG 7 · euler_a · seed 1234',
  );
  await page.reload();
  await expect(page.getByTestId('chat-picture')).toHaveAttribute('data-seed', '1234');

  await page.getByTestId('chat-picture').getByTestId('picture-new-seed').click();
  await expect(page.getByTestId('chat-picture')).toHaveCount(2, { timeout: 30_000 });
  const seeds = await page
    .getByTestId('chat-picture')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-seed')));
  expect(seeds[0]).toBe('1234');
  expect(seeds[1]).not.toBe('1234');
  await page.getByTestId('chat-picture').nth(1).getByTestId('picture-open').click();
  await expect(page.getByTestId('image-viewer-image')).toBeVisible();
  await page.getByTestId('image-viewer-close').click();
});

test('stand-in sd-cli: Cancel stops a generation at once and keeps nothing', async ({ page }) => {
  await openImages(page);
  await describePicture(page, 'stand-in:slow a very slow picture', 100);
  await page.getByTestId('image-to-chat').uncheck();
  const before = await galleryCount();
  await page.getByTestId('image-generate').click();
  await expect(page.getByTestId('image-progress-text')).toHaveText(/Step \d+ of 100/);
  await page.getByTestId('image-cancel').click();
  await expect(page.getByTestId('image-cancelled')).toBeVisible({ timeout: 3_000 });
  expect(await galleryCount()).toBe(before);
});

test('stand-in sd-cli: a corrupt model and a missing file are refused in words; About names the sd-cli', async ({
  page,
}) => {
  await openImages(page);
  await describePicture(page, 'stand-in:corrupt anything', 2);
  await page.getByTestId('image-generate').click();
  await expect(page.getByTestId('image-error')).toContainText(`${model} is damaged or incomplete`);
  await describePicture(page, 'a cat', 2, join(dir, 'not-there.safetensors'));
  await page.getByTestId('image-generate').click();
  await expect(page.getByTestId('image-error')).toContainText('was not found');
  await page.getByTestId('open-about').click();
  await expect(page.getByTestId('about-sd-cli-version')).toHaveText('stand-in-1 (0000000)');
});

test('real sd-cli: the tiny SD1 model becomes a 64×64 picture on the page', async ({ page }) => {
  test.skip(
    !realSdCli,
    'no bin/cpu/sd-cli: built only from a stable-diffusion.cpp source (EVA_SD_SOURCE) or with the internet',
  );
  const tiny = await ensureTinySdModel();
  const real = await startHost();
  try {
    await openImages(page, real.url);
    await describePicture(page, 'a cat', 2, tiny);
    await page.getByTestId('image-width').fill('64');
    await page.getByTestId('image-height').fill('64');
    await page.getByTestId('image-generate').click();
    await expect(page.getByTestId('image-result')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('image-result-caption')).toHaveText(/^64×64 · 2 steps/);
    const size = await page
      .getByTestId('image-result-image')
      .evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
    expect(size).toEqual([64, 64]);
  } finally {
    expect(await real.stop()).toBe(0);
  }
});
