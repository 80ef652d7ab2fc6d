// Several models at once, as a user runs them: the Load dialog's "Several
// models" tab starts llama-server's router with two model files; each
// conversation picks its model above the chat; switching loads the other one
// beside it and restarts nothing. Real browser host, real router, real Chromium.
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startHost, tinyModel, type RunningHost } from '@test-support/host-process';
import { connectHost } from '@test-support/ws-client';
import { assistantMessages, sendMessage, setMaxTokens } from './steps';

let host: RunningHost;
const dir = mkdtempSync(join(tmpdir(), 'eva-e2e-pool-'));
const alpha = join(dir, 'alpha.gguf');
const beta = join(dir, 'beta.gguf');

test.beforeAll(async () => {
  copyFileSync(tinyModel, alpha);
  copyFileSync(tinyModel, beta);
  host = await startHost();
  await setMaxTokens(host.url, 8);
});

test.afterAll(async () => {
  expect(await host.stop()).toBe(0);
});

/** Send and wait for the whole answer. */
async function send(page: Page, text: string): Promise<void> {
  await sendMessage(page, text);
  await expect(assistantMessages(page).last()).toHaveAttribute('data-status', 'done');
}

test('two models in the pool: each conversation answers with its own, switching loads the other beside it', async ({
  page,
}) => {
  await page.goto(host.url);
  await page.getByTestId('load-open').click();
  await page.getByTestId('load-tab-pool').click();
  await page.getByTestId('pool-files').fill(`${alpha}\n${beta}`);
  await page.getByTestId('pool-start').click();
  await expect(page.getByTestId('pool-status')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('pool-model')).toHaveCount(2);
  await page.getByRole('button', { name: 'Close' }).last().click();

  const picker = page.getByTestId('pool-model-picker');
  await expect(picker).toBeVisible();
  await picker.selectOption('alpha');
  await send(page, 'Hello alpha');

  await page.getByTestId('chat-new').click();
  await picker.selectOption('beta');
  await send(page, 'Hello beta');

  const client = await connectHost(host.url);
  const status = await client.invoke('pool:status');
  expect(status.models.map((model) => [model.id, model.state])).toEqual([
    ['alpha', 'loaded'],
    ['beta', 'loaded'],
  ]);
  const ports = status.models.map((model) => model.port);

  // Back to the first conversation: its model comes back with it, and answers without a restart.
  await page.getByTestId('history-item').last().getByTestId('history-open').click();
  await expect(picker).toHaveValue('alpha');
  await send(page, 'Again alpha');
  expect((await client.invoke('pool:status')).models.map((model) => model.port)).toEqual(ports);
  // The history recorded which model answered each conversation.
  const { conversations } = await client.invoke('history:list');
  const models = await Promise.all(
    conversations.map(async (summary) => (await client.invoke('history:open', { id: summary.id })).meta.endpoint.model),
  );
  expect(models.sort()).toEqual(['alpha', 'beta']);
  client.close();
});
