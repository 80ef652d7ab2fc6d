// MCP prompts and resources with the real MCP reference server (@modelcontextprotocol/server-everything
// over stdio) and the real core through the browser host: its prompts as slash
// commands in the composer, its resources attached from the picker, and lean
// prompts — a tool list too long for the tiny model's 2,048-token context is
// refused in words before anything is sent, a smaller selection goes out with
// exactly the chosen tools (as the model behind the grammar proxy received them),
// and the selection comes back with the conversation after a reload.
import { expect, test, type Page } from '@playwright/test';
import { createRequire } from 'node:module';
import { startGrammarProxy, type GrammarProxy } from '@test-support/agent/grammar-proxy';
import { startTestServer, type TestServer } from '@test-support/llama/test-server';
import { startHost, type RunningHost } from '@test-support/host-process';
import { connectHost } from '@test-support/ws-client';

const REFERENCE_SERVER = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/server-everything/dist/index.js',
);
const call = (name: string, args: Record<string, unknown>) =>
  `<tool_call>${JSON.stringify({ name, arguments: args })}</tool_call>`;

let host: RunningHost;
let server: TestServer;
let proxy: GrammarProxy;

test.beforeAll(async () => {
  server = await startTestServer();
  proxy = await startGrammarProxy(server.port, [call('answer', { content: 'The sum is 5.' })]);
  host = await startHost();
  const client = await connectHost(host.url);
  const link = await client.invoke('link:save', {
    profile: { name: 'Tiny via proxy', presetId: 'llama-server', baseUrl: `${proxy.baseUrl}/v1`, model: 'tiny' },
  });
  const { chat } = await client.invoke('settings:get');
  await client.invoke('settings:update', {
    chat: { endpoint: { kind: 'link', linkId: link.id }, sampling: { ...chat.sampling, max_tokens: 64 } },
    tools: { protocol: 'prompt' },
  });
  await client.invoke('mcp:save', {
    mcpServers: { everything: { command: process.execPath, args: [REFERENCE_SERVER, 'stdio'] } },
  });
  await expect.poll(async () => (await client.invoke('mcp:list')).servers[0]?.state, { timeout: 30_000 }).toBe('ready');
  client.close();
});

test.afterAll(async () => {
  expect(await host.stop()).toBe(0);
  await proxy.close();
  await server.stop();
});

const input = (page: Page) => page.getByTestId('chat-input');

test("the server's prompts are slash commands: picked with the keyboard, arguments asked for, the prompt put into the message box", async ({
  page,
}) => {
  await page.goto(host.url);
  await input(page).fill('/');
  const options = page.getByTestId('slash-option');
  await expect(options).toHaveCount(4);
  await expect(options.first()).toHaveAttribute('data-server', 'everything');
  await expect(page.getByTestId('slash-menu')).toContainText(
    'A prompt with two arguments, one required and one optional',
  );
  await input(page).press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: 'test-results/e2e/mcp-slash-menu.png' });
  await input(page).press('Escape');
  await expect(page.getByTestId('slash-menu')).toHaveCount(0);

  // A prompt without arguments, picked with Tab.
  await input(page).fill('/simple');
  await expect(options).toHaveCount(1);
  await input(page).press('Tab');
  await expect(input(page)).toHaveValue('This is a simple prompt without arguments.');

  // One with a required argument: the form asks, Enter fetches it.
  await input(page).fill('/args');
  await expect(options).toHaveCount(1);
  await input(page).press('Enter');
  await expect(page.getByTestId('slash-arg-city')).toBeFocused();
  await page.getByTestId('slash-arg-city').fill('Paris');
  await page.getByTestId('slash-arg-city').press('Enter');
  await expect(input(page)).toHaveValue(/^What's weather in Paris/);
  await expect(input(page)).toBeFocused();

  // One that embeds a resource: quoted below the prompt's words, with its address.
  await input(page).fill('/resource-prompt');
  await input(page).press('Enter');
  await page.getByTestId('slash-arg-resourceType').fill('Text');
  await page.getByTestId('slash-arg-resourceId').fill('2');
  await page.getByTestId('slash-submit').click();
  await expect(input(page)).toHaveValue(
    /^This prompt includes the Text resource with id: 2\. Please analyze the following resource:\n\ndemo:\/\/resource\/dynamic\/text\/2\n```\nResource 2: This is a plaintext resource/,
  );

  // A refusal is said in the server's own words, and nothing is put into the draft.
  await input(page).fill('/resource-prompt');
  await input(page).press('Enter');
  await page.getByTestId('slash-arg-resourceType').fill('Video');
  await page.getByTestId('slash-arg-resourceId').fill('1');
  await page.getByTestId('slash-submit').click();
  await expect(page.getByTestId('slash-error')).toContainText('Invalid resourceType: Video');
  await page.getByTestId('slash-arg-resourceId').press('Escape');
  await expect(page.getByTestId('slash-form')).toHaveCount(0);
  await expect(input(page)).toHaveValue('/resource-prompt');
});

test("the server's resources are listed with their types and attached to the message, a template filled in", async ({
  page,
}) => {
  await page.goto(host.url);
  await page.getByTestId('history-new').click();
  await input(page).fill('Summarize these:');
  await page.getByTestId('chat-attach-mcp').click();
  const dialog = page.getByTestId('resource-picker');
  const architecture = dialog.locator(
    '[data-testid="resource-row"][data-uri="demo://resource/static/document/architecture.md"]',
  );
  await expect(architecture).toBeVisible();
  await expect(architecture.getByTestId('resource-mime')).toHaveText('text/markdown');
  await page.screenshot({ path: 'test-results/e2e/mcp-resource-picker.png' });
  await architecture.getByTestId('resource-attach').click();
  await expect(dialog).toHaveCount(0);
  await expect(input(page)).toHaveValue(
    /^Summarize these:\n\ndemo:\/\/resource\/static\/document\/architecture\.md\n```markdown\n# Everything Server/,
  );

  await page.getByTestId('chat-attach-mcp').click();
  const blob = dialog.locator(
    '[data-testid="resource-template"][data-template="demo://resource/dynamic/blob/{resourceId}"]',
  );
  await blob.getByTestId('resource-var-resourceId').fill('3');
  await blob.getByTestId('resource-template-attach').click();
  await expect(dialog).toHaveCount(0);
  await expect(input(page)).toHaveValue(/demo:\/\/resource\/dynamic\/blob\/3\n```\nResource 3: This is a base64 blob/);
});

test('a tool list too long for the context is refused with the numbers; a lean selection is sent with exactly its tools and kept with the conversation', async ({
  page,
}) => {
  await page.goto(host.url);
  await page.getByTestId('history-new').click();
  await page.getByTestId('chat-tools-toggle').check();
  const count = page.getByTestId('tool-selection-count');
  await expect(count).toContainText(/[\d,]+ tokens/);
  const allTokens = Number((await count.textContent())?.match(/([\d,]+) tokens/)?.[1]?.replace(/,/g, ''));
  expect(allTokens).toBeGreaterThan(2048);

  const before = proxy.received.length;
  await input(page).fill('Add 2 and 3');
  await input(page).press('Control+Enter');
  const refusal = page.getByTestId('context-refusal');
  await expect(refusal).toContainText('Switch Tools off, or pick fewer tools');
  await expect(refusal).toContainText('context 2,048');
  // Counted again for the refusal: the same list, give or take the minute in its date line.
  const refusedTools = Number(
    (await refusal.textContent())?.match(/the tool list \(([\d,]+) tokens\)/)?.[1]?.replace(/,/g, ''),
  );
  expect(Math.abs(refusedTools - allTokens)).toBeLessThanOrEqual(3);
  expect(proxy.received.length).toBe(before);
  await expect(input(page)).toHaveValue('Add 2 and 3');

  // The built-ins but the calculator, and of the reference server only echo.
  await page.getByTestId('tool-selection-button').click();
  const popover = page.getByTestId('tool-selection-popover');
  await popover.locator('[data-testid="tool-group"][data-server="builtin"]').getByTestId('tool-group-none').click();
  await popover.locator('[data-testid="tool-choice"][data-tool="calculator"]').check();
  await popover.locator('[data-testid="tool-group"][data-server="everything"]').getByTestId('tool-group-none').click();
  await popover.locator('[data-testid="tool-choice"][data-tool="everything@echo"]').check();
  await expect(page.getByTestId('tool-selection-button')).toContainText(/^2 of \d+ tools/);
  await expect
    .poll(async () => Number((await count.textContent())?.match(/([\d,]+) tokens/)?.[1]?.replace(/,/g, '')))
    .toBeLessThan(allTokens / 3);
  const leanTokens = Number((await count.textContent())?.match(/([\d,]+) tokens/)?.[1]?.replace(/,/g, ''));
  await expect(page.getByTestId('tool-selection-summary')).toContainText(
    `(all tools: ${allTokens.toLocaleString('en-US')} tokens)`,
  );
  await page.screenshot({ path: 'test-results/e2e/mcp-tool-selection.png' });
  console.info(`tool list tokens (tiny model's tokenizer, via the UI): all ${allTokens}, lean ${leanTokens}`);
  await page.keyboard.press('Escape');

  await input(page).press('Control+Enter');
  const answer = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
  await expect(answer).toHaveAttribute('data-status', 'done');
  await expect(answer.getByTestId('chat-content')).toHaveText('The sum is 5.');
  const system =
    ((proxy.received.at(-1)?.messages ?? []) as Array<{ role: string; content: string }>).find(
      (m) => m.role === 'system',
    )?.content ?? '';
  const offered = [...system.matchAll(/\{"type":"function","function":\{"name":"([^"]+)"/g)].map((m) => m[1]);
  expect(offered.sort()).toEqual(['answer', 'calculator', 'everything@echo']);

  // The conversation reopens after a reload with its own selection.
  await page.reload();
  await expect(
    page.locator('[data-testid="chat-message"][data-role="assistant"]').last().getByTestId('chat-content'),
  ).toHaveText('The sum is 5.');
  await expect(page.getByTestId('chat-tools-toggle')).toBeChecked();
  await page.getByTestId('tool-selection-button').click();
  await expect(popover.locator('[data-testid="tool-choice"][data-tool="calculator"]')).toBeChecked();
  await expect(popover.locator('[data-testid="tool-choice"][data-tool="everything@echo"]')).toBeChecked();
  await expect(popover.locator('[data-testid="tool-choice"][data-tool="read_file"]')).not.toBeChecked();
  await expect(popover.locator('[data-testid="tool-choice"][data-tool="everything@get-sum"]')).not.toBeChecked();
});
