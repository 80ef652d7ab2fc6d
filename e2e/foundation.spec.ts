import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, startHost, tinyModel, type RunningHost } from '@test-support/host-process';
import { connectHost } from '@test-support/ws-client';

let host: RunningHost;

test.beforeAll(async () => {
  host = await startHost();
});

test.afterAll(async () => {
  const code = await host.stop();
  expect(code).toBe(0);
});

test('load the tiny model through the dialog, see ready, find the listening line in the model log', async ({
  page,
}) => {
  await page.goto(host.url);
  await expect(page.getByTestId('status-state')).toHaveAttribute('data-state', 'stopped');

  await page.getByTestId('load-open').click();
  await expect(page.getByTestId('load-dialog')).toBeVisible();
  await page.getByTestId('model-path').fill(tinyModel);
  await expect(page.getByTestId('gpu-estimate')).toContainText(/CPU|0/);
  // The context follows what the model was trained for and says why...
  await expect(page.getByTestId('ctx-size')).toHaveValue('2048');
  await expect(page.getByTestId('ctx-recommended')).toContainText('2,048');
  // ...and a value above it is said at once, with a way out.
  await page.getByTestId('ctx-size').fill('4096');
  await expect(page.getByTestId('ctx-over-trained')).toContainText('2,048');
  await page.getByTestId('ctx-use-trained').click();
  await expect(page.getByTestId('ctx-size')).toHaveValue('2048');
  await expect(page.getByTestId('ctx-over-trained')).toHaveCount(0);
  await page.getByTestId('load-submit').click();
  await expect(page.getByTestId('status-state')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('status-model')).toContainText('tiny-llama-test');
  await expect(page.getByTestId('status-backend')).toContainText('cpu');
  const port = Number((await page.getByTestId('status-port').textContent())?.match(/(\d+)\s*$/)?.[1]);
  expect(port).toBeGreaterThan(0);
  const health = await fetch(`http://127.0.0.1:${port}/health`);
  expect(health.status).toBe(200);

  await expect(page.getByTestId('connection-banner')).toHaveCount(0);
  await page.screenshot({ path: join(repoRoot, 'docs', 'screenshot.png') });

  await page.getByTestId('open-expend').click();
  await page.getByTestId('open-log').click();
  await page.getByTestId('log-search').fill('listening on');
  await expect(page.getByTestId('log-line').first()).toContainText(`listening on http://127.0.0.1:${port}`);
});

test('stopping the host stops llama-server too', async () => {
  const client = await connectHost(host.url);
  const { pid } = await client.invoke('backend:status');
  client.close();
  expect(pid).toBeGreaterThan(0);
  const commandOf = (id: number): string => {
    try {
      return readFileSync(`/proc/${id}/cmdline`, 'utf8');
    } catch {
      return '';
    }
  };
  expect(commandOf(pid ?? 0)).toContain('llama-server');
  expect(await host.stop()).toBe(0);
  expect(commandOf(pid ?? 0)).toBe('');
});
