// The agent loop in the UI: the model (the real tiny llama-server, its replies
// forced through the grammar proxy) calls write_file; the approval card shows
// the diff before anything is written; Allow runs it; the step card shows the
// result and the answer follows. A reload shows the steps again from history;
// a reload while the card waits finds the run still waiting, in the core.
import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startGrammarProxy, type GrammarProxy } from '@test-support/agent/grammar-proxy';
import { startTestServer, type TestServer } from '@test-support/llama/test-server';
import { repoRoot, startHost, type RunningHost } from '@test-support/host-process';
import { connectHost } from '@test-support/ws-client';

const call = (name: string, args: Record<string, unknown>) =>
  `<tool_call>${JSON.stringify({ name, arguments: args })}</tool_call>`;

let host: RunningHost;
let server: TestServer;
let proxy: GrammarProxy;
let workspace = '';

test.beforeAll(async () => {
  server = await startTestServer();
  proxy = await startGrammarProxy(server.port, [
    call('write_file', { path: 'note.txt', content: 'hello from the agent\n' }),
    call('answer', { content: 'The note is written.' }),
    // The second test's run: words before the call, then the call.
    `Let me put that in a second note.\n${call('write_file', { path: 'second.txt', content: 'written after a reload\n' })}`,
    call('answer', { content: 'The second note is written.' }),
    // The third test's run: a step that runs at once, then one that asks (and is stopped there); resumed, the answer.
    call('calculator', { expression: '6*7' }),
    call('write_file', { path: 'third.txt', content: 'never written\n' }),
    call('answer', { content: 'Six times seven is 42.' }),
  ]);
  host = await startHost();
  const client = await connectHost(host.url);
  const link = await client.invoke('link:save', {
    profile: { name: 'Tiny via proxy', presetId: 'llama-server', baseUrl: `${proxy.baseUrl}/v1`, model: 'tiny' },
  });
  await client.invoke('settings:update', {
    chat: { endpoint: { kind: 'link', linkId: link.id } },
    tools: { protocol: 'prompt' },
  });
  workspace = (await client.invoke('tools:list')).workspaceDir;
  client.close();
});

test.afterAll(async () => {
  expect(await host.stop()).toBe(0);
  await proxy.close();
  await server.stop();
});

test('a tool call asks first, runs after Allow, and its step card shows the result', async ({ page }) => {
  await page.goto(host.url);
  await page.getByTestId('chat-tools-toggle').check();
  await page.getByTestId('chat-input').fill('Write a note for me');
  await page.getByTestId('chat-input').press('Control+Enter');

  const card = page.getByTestId('approval-card');
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute('data-tool', 'write_file');
  await expect(card.getByTestId('approval-diff')).toContainText('hello from the agent');
  // Nothing is written before the user answers.
  await expect(readFile(join(workspace, 'note.txt'), 'utf8')).rejects.toThrow();
  await expect(page.getByTestId('chat-send')).toHaveCount(0);
  await page.screenshot({ path: join(repoRoot, 'docs', 'screenshot-agent.png') });

  await card.getByTestId('approval-allow-once').click();
  const step = page.getByTestId('step-card').first();
  await expect(step).toHaveAttribute('data-tool', 'write_file');
  await expect(step.getByTestId('step-status')).toHaveAttribute('data-status', 'ok');
  const answer = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
  await expect(answer).toHaveAttribute('data-status', 'done');
  await expect(answer.getByTestId('chat-content')).toHaveText('The note is written.');
  expect(await readFile(join(workspace, 'note.txt'), 'utf8')).toBe('hello from the agent\n');

  // Saved with its steps: a reload shows the step card again.
  await page.reload();
  await expect(page.getByTestId('step-card').first()).toHaveAttribute('data-tool', 'write_file');
  await expect(
    page.locator('[data-testid="chat-message"][data-role="assistant"]').last().getByTestId('chat-content'),
  ).toHaveText('The note is written.');
});

test('a reload while the card waits brings the card and the words before it back; Allow there finishes the run, and a second page follows it', async ({
  page,
  context,
}) => {
  await page.goto(host.url);
  await page.getByTestId('history-new').click();
  await page.getByTestId('chat-tools-toggle').check();
  await page.getByTestId('chat-input').fill('Write a second note');
  await page.getByTestId('chat-input').press('Control+Enter');

  const answer = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
  const card = answer.getByTestId('approval-card');
  await expect(card).toBeVisible();
  // What the model said before the call is above its card, once (not again in the answer's body).
  const said = answer.getByTestId('agent-said');
  await expect(said).toHaveText('Let me put that in a second note.');
  expect((await said.boundingBox())!.y).toBeLessThan((await card.boundingBox())!.y);
  await expect(answer.getByTestId('chat-content')).not.toContainText('second note');

  await page.reload();
  const reloaded = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
  await expect(reloaded.getByTestId('approval-card')).toHaveAttribute('data-tool', 'write_file');
  await expect(reloaded.getByTestId('approval-diff')).toContainText('written after a reload');
  await expect(reloaded.getByTestId('agent-said')).toHaveText('Let me put that in a second note.');
  // Still being answered: not "cut off when EVA closed", and the Tools switch is still on.
  await expect(reloaded).toHaveAttribute('data-status', 'streaming');
  await expect(reloaded.getByTestId('chat-error')).toHaveCount(0);
  await expect(page.getByTestId('chat-tools-toggle')).toBeChecked();
  await expect(page.getByTestId('chat-stop')).toBeVisible();
  await expect(readFile(join(workspace, 'second.txt'), 'utf8')).rejects.toThrow();
  await page.screenshot({ path: join(repoRoot, 'docs', 'screenshot-agent-reload.png') });

  // A second page opens on the same conversation and sees the same waiting card.
  const second = await context.newPage();
  await second.goto(host.url);
  const elsewhere = second.locator('[data-testid="chat-message"][data-role="assistant"]').last();
  await expect(elsewhere.getByTestId('approval-card')).toBeVisible();

  await reloaded.getByTestId('approval-allow-once').click();
  for (const shown of [reloaded, elsewhere]) {
    await expect(shown).toHaveAttribute('data-status', 'done');
    await expect(shown.getByTestId('chat-content')).toHaveText('The second note is written.');
    // The call shows once, as its step, saying who let it run.
    await expect(shown.getByTestId('step-card')).toHaveCount(1);
    await expect(shown.getByTestId('approval-card')).toHaveCount(0);
    await expect(shown.getByTestId('step-card').getByTestId('step-consent')).toHaveText('Allowed once');
    await expect(shown.getByTestId('agent-said')).toHaveText('Let me put that in a second note.');
  }
  expect(await readFile(join(workspace, 'second.txt'), 'utf8')).toBe('written after a reload\n');
  await second.close();
});

test('a run stopped at an approval card offers Continue: it resumes after its last completed step, whose tool does not run again', async ({
  page,
}) => {
  await page.goto(host.url);
  await page.getByTestId('history-new').click();
  await page.getByTestId('chat-tools-toggle').check();
  await page.getByTestId('chat-input').fill('What is 6*7? Then note it.');
  await page.getByTestId('chat-input').press('Control+Enter');

  const answer = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
  await expect(answer.getByTestId('approval-card')).toHaveAttribute('data-tool', 'write_file');
  await expect(answer.getByTestId('step-card')).toHaveCount(1);
  await page.getByTestId('chat-stop').click();
  await expect(answer).toHaveAttribute('data-status', 'stopped');
  await expect(answer.getByTestId('step-card')).toHaveCount(1);
  await expect(answer.getByTestId('step-card')).toHaveAttribute('data-tool', 'calculator');
  const requestsBefore = proxy.received.length;

  await answer.getByTestId('chat-continue').click();
  await expect(answer).toHaveAttribute('data-status', 'done');
  await expect(answer.getByTestId('chat-content')).toHaveText('Six times seven is 42.');
  // The calculator's step is shown once, from the saved run; one model request was made, and nothing was written.
  await expect(answer.getByTestId('step-card')).toHaveCount(1);
  await expect(answer.getByTestId('step-card')).toHaveAttribute('data-tool', 'calculator');
  expect(proxy.received.length).toBe(requestsBefore + 1);
  await expect(readFile(join(workspace, 'third.txt'), 'utf8')).rejects.toThrow();
  await page.screenshot({ path: join(repoRoot, 'test-results', 'e2e', 'agent-resumed.png') });

  // Saved in the same message: a reload shows the one answer with its step.
  await page.reload();
  const reloaded = page.locator('[data-testid="chat-message"][data-role="assistant"]');
  await expect(reloaded).toHaveCount(1);
  await expect(reloaded.getByTestId('chat-content')).toHaveText('Six times seven is 42.');
  await expect(reloaded.getByTestId('step-card')).toHaveCount(1);
});
