// F1 / Shift+F1 in real Chromium against the real browser host, which captures
// through nut-js in its tool worker from a private Xvfb showing a known pattern.
// Also: the "no display" and "model cannot see images" notices.
import { expect, test, type Page } from '@playwright/test';
import { dragRect, toImageRect } from '@shared/screen/fit-within';
import { decodePng, pixelAt, type DecodedPng } from '@test-support/screen/decode-png';
import { drawPattern, patternAt, startXvfb, type Xvfb } from '@test-support/screen/xvfb';
import { startHost, type RunningHost } from '@test-support/host-process';
import { connectHost } from '@test-support/ws-client';
import { loadTinyModel } from './steps';

const SCREEN = { width: 2560, height: 1440 };

/**
 * A link endpoint shows the chat (and its composer) without loading a model, and leaves "can it see images?" to the
 * endpoint.
 */
async function useLinkEndpoint(url: string): Promise<void> {
  const client = await connectHost(url);
  const profile = await client.invoke('link:save', {
    profile: { name: 'e2e', presetId: 'llama-server', baseUrl: 'http://127.0.0.1:9/v1', model: 'm' },
  });
  await client.invoke('settings:update', { chat: { endpoint: { kind: 'link', linkId: profile.id } } });
  client.close();
}

/** The attached thumbnail's PNG, decoded in Node (pngjs, not our encoder). */
async function attachedPng(page: Page): Promise<DecodedPng> {
  const src = await page.getByTestId('chat-attachments').locator('img').first().getAttribute('src');
  const match = /^data:image\/png;base64,(.+)$/.exec(src ?? '');
  if (!match?.[1]) throw new Error(`the thumbnail is not a PNG data URL: ${src?.slice(0, 40)}`);
  return decodePng(Buffer.from(match[1], 'base64'));
}

test.describe('with a display', () => {
  let xvfb: Xvfb;
  let host: RunningHost;

  test.beforeAll(async () => {
    xvfb = await startXvfb(SCREEN.width, SCREEN.height);
    await drawPattern(xvfb.display);
    host = await startHost({ DISPLAY: xvfb.display });
    await useLinkEndpoint(host.url);
  });

  test.afterAll(async () => {
    const code = host ? await host.stop() : null;
    xvfb?.stop();
    expect(code).toBe(0);
  });

  test('F1 attaches the whole screen as a removable thumbnail: 1920 wide, the screen size noted, the pattern in it', async ({
    page,
  }) => {
    await page.goto(host.url);
    await expect(page.getByTestId('chat-input')).toBeVisible();
    await page.keyboard.press('F1');
    const thumb = page.getByTestId('chat-attachments').locator('li');
    await expect(thumb).toHaveCount(1);
    await expect(thumb).toHaveAttribute('data-width', '1920');
    await expect(thumb).toHaveAttribute('data-height', '1080');
    await expect(thumb).toHaveAttribute('data-original-width', String(SCREEN.width));
    await expect(thumb).toHaveAttribute('data-original-height', String(SCREEN.height));
    await expect(thumb).toContainText('1920×1080');
    await expect(thumb).toContainText('from 2560×1440');
    const png = await attachedPng(page);
    expect([png.width, png.height]).toEqual([1920, 1080]);
    // Centres of the pattern's 64-pixel blocks, scaled by 3/4.
    const screenPoints: Array<[number, number]> = [
      [32, 32],
      [96, 32],
      [32, 96],
      [160, 32],
      [2528, 1312],
      [1312, 1376],
    ];
    expect(screenPoints.map(([x, y]) => pixelAt(png, Math.floor((x * 3) / 4), Math.floor((y * 3) / 4)))).toEqual(
      screenPoints.map(([x, y]) => patternAt(x, y)),
    );

    await page.getByTestId('chat-attachment-remove').click();
    await expect(page.getByTestId('chat-attachments')).toHaveCount(0);
  });

  test('Shift+F1 opens the region picker on the full-size screen; a drag attaches just that region', async ({
    page,
  }) => {
    await page.goto(host.url);
    await expect(page.getByTestId('chat-input')).toBeVisible();
    await page.keyboard.press('Shift+F1');
    await expect(page.getByTestId('region-picker')).toBeVisible();
    const image = page.getByTestId('region-image');
    await expect(image).toHaveJSProperty('naturalWidth', SCREEN.width);
    const box = await image.boundingBox();
    if (!box) throw new Error('the picture has no box');

    const from = { x: box.x + box.width * 0.12, y: box.y + box.height * 0.15 };
    const to = { x: box.x + box.width * 0.43, y: box.y + box.height * 0.5 };
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2);
    await expect(page.getByTestId('region-selection')).toBeVisible();
    await page.mouse.move(to.x, to.y);
    await page.mouse.up();
    await expect(page.getByTestId('region-picker')).toHaveCount(0);

    const region = toImageRect(
      dragRect({ x: from.x - box.x, y: from.y - box.y }, { x: to.x - box.x, y: to.y - box.y }),
      box,
      SCREEN,
    );
    if (!region) throw new Error('the drag should be a region');
    const thumb = page.getByTestId('chat-attachments').locator('li');
    await expect(thumb).toHaveCount(1);
    // Under 1920 on both sides, so the region keeps its screen pixels.
    await expect(thumb).toHaveAttribute('data-width', String(region.width));
    await expect(thumb).toHaveAttribute('data-original-width', String(region.width));
    await expect(thumb).toHaveAttribute('data-original-height', String(region.height));
    // Block centres inside the region sit at (screen − region origin) in the crop.
    const inside: Array<[number, number]> = [];
    for (let x = 32; x < region.x + region.width; x += 64)
      for (let y = 32; y < region.y + region.height; y += 64) if (x >= region.x && y >= region.y) inside.push([x, y]);
    expect(inside.length).toBeGreaterThan(10);
    const png = await attachedPng(page);
    expect([png.width, png.height]).toEqual([region.width, region.height]);
    expect(inside.map(([x, y]) => pixelAt(png, x - region.x, y - region.y))).toEqual(
      inside.map(([x, y]) => patternAt(x, y)),
    );
  });

  test('Escape closes the region picker without attaching anything', async ({ page }) => {
    await page.goto(host.url);
    await expect(page.getByTestId('chat-input')).toBeVisible();
    await page.keyboard.press('Shift+F1');
    await expect(page.getByTestId('region-picker')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('region-picker')).toHaveCount(0);
    await expect(page.getByTestId('chat-attachments')).toHaveCount(0);
  });
});

test.describe('without a display', () => {
  let host: RunningHost;

  test.beforeAll(async () => {
    host = await startHost({ DISPLAY: '' });
  });

  test.afterAll(async () => {
    expect(await host.stop()).toBe(0);
  });

  test('F1 says "no display"; with a model that cannot see images it says so instead of capturing', async ({
    page,
  }) => {
    await page.goto(host.url);
    await expect(page.getByTestId('status-state')).toHaveAttribute('data-state', 'stopped');
    await page.keyboard.press('F1');
    const noDisplay = page.locator('[data-testid="notice"][data-code="no_display"]');
    await expect(noDisplay).toBeVisible();
    await expect(noDisplay).toContainText('no display');
    await page.getByTestId('notice-dismiss').click();

    // The tiny test model has no vision projector.
    await loadTinyModel(page);
    // The page knows the model cannot see images once it has the server's props (the context meter shows its n_ctx
    // then);
    // an F1 before that tries to capture, which a loaded machine once made this test see.
    await expect(page.getByTestId('context-meter')).not.toHaveAttribute('data-level', 'unknown');
    await page.keyboard.press('F1');
    await expect(page.locator('[data-testid="notice"][data-code="screenshot_no_vision"]')).toContainText(
      'cannot see images',
    );
    await expect(page.locator('[data-testid="notice"][data-code="no_display"]')).toHaveCount(0);
    await expect(page.getByTestId('chat-attachments')).toHaveCount(0);
  });
});
