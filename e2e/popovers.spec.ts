// Popovers stay inside the window and behave like one: the context meter's popover beside the composer opens inside
// the viewport at 800×600 and at 1400×900 (moved in from the right edge), takes the focus, closes on Esc with the focus
// back on its button, closes on a click outside it, and is closed once the load dialog opens; the tool picker beside it
// does the same through the same hook (lib/use-popover.ts).
// Real browser host, real Chromium, the real llama-server.
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { repoRoot, startHost, type RunningHost } from '@test-support/host-process';
import { loadTinyModel } from './steps';

let host: RunningHost;

test.beforeAll(async () => {
  host = await startHost();
});

test.afterAll(async () => {
  expect(await host.stop()).toBe(0);
});

type Box = { x: number; y: number; width: number; height: number } | null;

/** Whether a box lies wholly inside the page's viewport. */
function inside(page: Page, box: Box): boolean {
  const size = page.viewportSize();
  if (!box || !size) return false;
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width && box.y + box.height <= size.height;
}

/** Whether the focus is inside the element with this test id. */
const focusInside = (page: Page, testId: string) =>
  page.evaluate(
    (id) => Boolean(document.querySelector(`[data-testid="${id}"]`)?.contains(document.activeElement)),
    testId,
  );

async function openMeter(page: Page): Promise<void> {
  const button = page.getByTestId('context-meter-button');
  await expect(button).toBeVisible();
  await button.click();
  await expect(page.getByTestId('context-popover')).toBeVisible();
}

test.describe('at 800×600', () => {
  test.use({ viewport: { width: 800, height: 600 } });

  test('the meter popover opens inside the viewport near the right edge, and Esc closes it with the focus back on its button', async ({
    page,
  }) => {
    await page.goto(host.url);
    await loadTinyModel(page);
    await page.getByTestId('chat-input').fill('How much of the context does this question take?');
    const button = page.getByTestId('context-meter-button');
    await expect(page.getByTestId('context-meter-text')).toContainText(/\d/);
    const buttonBox = await button.boundingBox();
    // The meter sits in the right half of the composer's row: a popover aligned to it has the right edge to fit.
    expect((buttonBox?.x ?? 0) + (buttonBox?.width ?? 0)).toBeGreaterThan(400);
    await openMeter(page);
    const popover = page.getByTestId('context-popover');
    const box = await popover.boundingBox();
    expect(inside(page, box), `popover ${JSON.stringify(box)} inside 800×600`).toBe(true);
    // Its sentences wrap inside it: nothing runs out of its box (and so out of the window).
    expect(await popover.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(await focusInside(page, 'context-popover')).toBe(true);
    await page.screenshot({ path: join(repoRoot, 'docs', 'popover-meter.png') });

    await page.keyboard.press('Escape');
    await expect(popover).toHaveCount(0);
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('the meter popover is closed once the load dialog opens, and stays closed after it', async ({ page }) => {
    await page.goto(host.url);
    await loadTinyModel(page);
    await expect(page.getByTestId('load-dialog')).toHaveCount(0);
    await openMeter(page);
    await page.getByTestId('load-open').click();
    await expect(page.getByTestId('load-dialog')).toBeVisible();
    await expect(page.getByTestId('context-popover')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('load-dialog')).toHaveCount(0);
    await expect(page.getByTestId('context-popover')).toHaveCount(0);
  });

  test('the tool picker opens inside the viewport with its text inside it, and Esc gives the focus back', async ({
    page,
  }) => {
    await page.goto(host.url);
    await loadTinyModel(page);
    await page.getByTestId('chat-tools-toggle').check();
    const button = page.getByTestId('tool-selection-button');
    await button.click();
    const popover = page.getByTestId('tool-selection-popover');
    await expect(popover.getByTestId('tool-choice').first()).toBeVisible();
    expect(inside(page, await popover.boundingBox())).toBe(true);
    expect(await popover.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(await focusInside(page, 'tool-selection-popover')).toBe(true);
    await page.keyboard.press('Escape');
    await expect(popover).toHaveCount(0);
    await expect(button).toBeFocused();
  });
});

test.describe('at 1400×900', () => {
  test.use({ viewport: { width: 1400, height: 900 } });

  test('the meter popover opens inside the viewport and a click outside it closes it', async ({ page }) => {
    await page.goto(host.url);
    await loadTinyModel(page);
    await openMeter(page);
    const popover = page.getByTestId('context-popover');
    expect(inside(page, await popover.boundingBox())).toBe(true);
    // A click inside (a policy) keeps it open; one in the message box closes it and leaves the cursor there.
    await popover.getByTestId('context-policy-stop').click();
    await expect(popover).toBeVisible();
    // The popover lies over the message box's right part: the click goes to its left end, clear of it.
    await page.getByTestId('chat-input').click({ position: { x: 12, y: 12 } });
    await expect(popover).toHaveCount(0);
    await expect(page.getByTestId('chat-input')).toBeFocused();
  });
});
