// MCP results in the UI, with the reference server (@modelcontextprotocol/server-everything)
// over stdio and the real tiny llama-server behind the grammar proxy: a long
// call shows its progress bar while it runs, a returned image shows as a
// thumbnail in its step card that opens full size, and a reload shows it
// again from the history.
import { expect, test } from '@playwright/test';
import { startGrammarProxy, type GrammarProxy } from '@test-support/agent/grammar-proxy';
import { startTestServer, type TestServer } from '@test-support/llama/test-server';
import { startHost, type RunningHost } from '@test-support/host-process';
import { everythingStdio } from '@test-support/mcp/everything-server';
import { connectHost } from '@test-support/ws-client';

const call = (name: string, args: Record<string, unknown>) =>
  `<tool_call>${JSON.stringify({ name, arguments: args })}</tool_call>`;
const USED = ['ev@trigger-long-running-operation', 'ev@get-tiny-image'];

let host: RunningHost;
let server: TestServer;
let proxy: GrammarProxy;

test.beforeAll(async () => {
  server = await startTestServer();
  proxy = await startGrammarProxy(server.port, [
    call(USED[0]!, { duration: 4, steps: 8 }),
    call(USED[1]!, {}),
    call('answer', { content: 'Here is the logo.' }),
  ]);
  host = await startHost();
  const client = await connectHost(host.url);
  const link = await client.invoke('link:save', {
    profile: { name: 'Tiny via proxy', presetId: 'llama-server', baseUrl: `${proxy.baseUrl}/v1`, model: 'tiny' },
  });
  await client.invoke('mcp:save', { mcpServers: { ev: everythingStdio() } });
  let tools: string[] = [];
  for (let tries = 0; tries < 200 && tools.length === 0; tries++) {
    const ev = (await client.invoke('mcp:list')).servers.find(
      (status) => status.name === 'ev' && status.state === 'ready',
    );
    tools = ev?.tools.map((tool) => `ev@${tool.name}`) ?? [];
    if (tools.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(tools).toEqual(expect.arrayContaining(USED));
  // Only the two tools the script calls: the whole list would not fit the tiny model's context.
  await client.invoke('settings:update', {
    chat: { endpoint: { kind: 'link', linkId: link.id } },
    tools: {
      protocol: 'prompt',
      enabled: Object.fromEntries(tools.map((name) => [name, USED.includes(name)])),
      policies: Object.fromEntries(USED.map((name) => [name, 'allow' as const])),
    },
  });
  client.close();
});

test.afterAll(async () => {
  expect(await host.stop()).toBe(0);
  await proxy.close();
  await server.stop();
});

test('a long MCP call shows its progress; the image it returns opens full size and is still there after a reload', async ({
  page,
}) => {
  await page.goto(host.url);
  await page.getByTestId('chat-tools-toggle').check();
  await page.getByTestId('chat-input').fill('Wait a little, then show me the MCP logo');
  await page.getByTestId('chat-input').press('Control+Enter');

  const running = page.getByTestId('running-call');
  await expect(running).toHaveAttribute('data-tool', USED[0]!);
  await expect(running.getByTestId('running-call-bar')).toBeVisible();
  await expect(running.getByTestId('running-call-count')).toContainText('of 8');
  await page.screenshot({ path: test.info().outputPath('mcp-progress.png') });

  const imageStep = page.locator('[data-testid="step-card"][data-tool="ev@get-tiny-image"]');
  const thumb = imageStep.getByTestId('step-image');
  await expect(thumb).toHaveAttribute('data-kept', 'true');
  await expect(running).toHaveCount(0);
  const answer = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
  await expect(answer.getByTestId('chat-content')).toHaveText('Here is the logo.');
  // The browser drew the PNG (a broken image has no natural width).
  expect(await thumb.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await thumb.getByTestId('step-image-open').click();
  const viewer = page.getByTestId('image-viewer');
  await expect(viewer).toBeVisible();
  expect(
    await viewer.getByTestId('image-viewer-image').evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(0);
  await page.screenshot({ path: test.info().outputPath('mcp-image-viewer.png') });
  const download = page.waitForEvent('download');
  await viewer.getByTestId('image-viewer-save').click();
  expect((await download).suggestedFilename()).toBe('image-1.png');
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);

  await page.reload();
  await expect(
    page.locator('[data-testid="step-card"][data-tool="ev@get-tiny-image"]').getByTestId('step-image'),
  ).toHaveAttribute('data-kept', 'true');
});
