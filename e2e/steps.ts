// Shared e2e steps: what a user does in the UI, written once.
import { expect, type Page } from '@playwright/test';
import { tinyModel } from '@test-support/host-process';

/** Load the tiny test model through the load dialog and wait for "ready"; returns the server's port. */
export async function loadTinyModel(page: Page): Promise<number> {
  await page.getByTestId('load-open').click();
  await expect(page.getByTestId('load-dialog')).toBeVisible();
  await page.getByTestId('model-path').fill(tinyModel);
  await page.getByTestId('load-submit').click();
  await expect(page.getByTestId('status-state')).toHaveAttribute('data-state', 'ready');
  return Number((await page.getByTestId('status-port').textContent())?.match(/(\d+)\s*$/)?.[1]);
}
