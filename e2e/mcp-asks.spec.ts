// What an MCP server asks during a tool call, in the page: the real core through
// the browser host, a real stdio MCP server written with the TypeScript SDK
// (src/test-support/mcp/ask-test-server.ts), and the real tiny llama-server behind
// the grammar proxy, which scripts the model's calls. A question (elicitation,
// form mode) is a form card with the schema's fields, whose answer — sent, or
// declined — reaches the server, also after a reload while it waits; a request
// for the user's model (sampling) is an approval card naming the model and the
// token limit, and once allowed the run's model writes the completion the server
// gets; refused, the server gets an error and the run goes on. Each tool of the
// server says in its result what it got, and the tests read that result from the
// step card.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { join } from 'node:path';
import { startGrammarProxy, type GrammarProxy } from '@test-support/agent/grammar-proxy';
import { startTestServer, type TestServer } from '@test-support/llama/test-server';
import { repoRoot, startHost, type RunningHost } from '@test-support/host-process';
import { connectHost } from '@test-support/ws-client';
import { assistantMessages, sendMessage } from './steps';

const ASK_SERVER = join(repoRoot, 'src', 'test-support', 'mcp', 'ask-test-server.ts');
const call = (name: string, args: Record<string, unknown> = {}) =>
  `<tool_call>${JSON.stringify({ name, arguments: args })}</tool_call>`;
const answer = (content: string) => call('answer', { content });
const LINK_NAME = 'Tiny via proxy';

let host: RunningHost;
let server: TestServer;
let linkId = '';
const proxies: GrammarProxy[] = [];

test.beforeAll(async () => {
  server = await startTestServer();
  host = await startHost();
  const client = await connectHost(host.url);
  const link = await client.invoke('link:save', {
    profile: { name: LINK_NAME, presetId: 'llama-server', baseUrl: 'http://127.0.0.1:9/v1', model: 'tiny' },
  });
  linkId = link.id;
  await client.invoke('settings:update', {
    language: 'en',
    chat: { endpoint: { kind: 'link', linkId } },
    // The calls themselves run without an approval card: what is under test is what the server asks during them.
    tools: { protocol: 'prompt', policies: { 'ts@*': 'allow' } },
  });
  await client.invoke('mcp:save', {
    mcpServers: { ts: { command: process.execPath, args: ['--import', 'tsx', ASK_SERVER], cwd: repoRoot } },
  });
  await expect.poll(async () => (await client.invoke('mcp:list')).servers[0]?.state, { timeout: 30_000 }).toBe('ready');
  client.close();
});

test.afterAll(async () => {
  expect(await host.stop()).toBe(0);
  await Promise.all(proxies.map((proxy) => proxy.close()));
  await server.stop();
});

/**
 * The model's replies for this test's requests, in order (a sampling request is one too): a proxy of its own behind
 * the link, so that a test that fails leaves the next one's script where it starts.
 */
async function scriptModel(replies: string[]): Promise<GrammarProxy> {
  const proxy = await startGrammarProxy(server.port, replies);
  proxies.push(proxy);
  const client = await connectHost(host.url);
  await client.invoke('link:save', {
    profile: { id: linkId, name: LINK_NAME, presetId: 'llama-server', baseUrl: `${proxy.baseUrl}/v1`, model: 'tiny' },
  });
  client.close();
  return proxy;
}

async function askInNewConversation(page: Page, text: string): Promise<Locator> {
  await page.getByTestId('history-new').click();
  await page.getByTestId('chat-tools-toggle').check();
  await sendMessage(page, text);
  return assistantMessages(page).last();
}

/** What the tool returned, as its step card shows it when opened: the server's own account of what it got. */
async function stepOutput(message: Locator, tool: string): Promise<Locator> {
  const step = message.locator(`[data-testid="step-card"][data-tool="${tool}"]`);
  await expect(step.getByTestId('step-status')).toHaveAttribute('data-status', 'ok');
  await step.getByTestId('step-toggle').click();
  return step.getByTestId('step-output');
}

const formCard = (scope: Page | Locator) => scope.getByRole('group', { name: 'ts asks you' });

test("a server's question is a form card with the schema's fields; the values sent there are what the server gets", async ({
  page,
}) => {
  await scriptModel([call('ts@details'), answer('Hello, Ada.')]);
  await page.goto(host.url);
  const message = await askInNewConversation(page, 'Who am I?');
  const card = formCard(message);
  await expect(card).toBeVisible();
  await expect(card).toContainText('while running details');
  await expect(card.getByTestId('elicit-message')).toHaveText('Who are you?');
  await expect(card.getByLabel('Name')).toHaveAttribute('type', 'text');
  await expect(card.getByLabel('Age')).toHaveAttribute('inputmode', 'numeric');
  await expect(card.getByLabel('Send news?')).not.toBeChecked();
  // The tool waits for the answer: no step yet.
  await expect(message.getByTestId('step-card')).toHaveCount(0);

  // A required field left empty is refused on the card, and nothing is sent.
  await card.getByLabel('Name').fill('Ada');
  await card.getByRole('button', { name: 'Send' }).click();
  await expect(card.getByTestId('elicit-problem-age')).toHaveText('This field is required.');
  await expect(card).toBeVisible();

  await card.getByLabel('Age').fill('36');
  await page.screenshot({ path: 'test-results/e2e/mcp-elicit-card.png' });
  await card.getByRole('button', { name: 'Send' }).click();
  await expect(card).toHaveCount(0);
  await expect(await stepOutput(message, 'ts@details')).toHaveText('accepted: name=Ada age=36 subscribe=false');
  await expect(message).toHaveAttribute('data-status', 'done');
  await expect(message.getByTestId('chat-content')).toHaveText('Hello, Ada.');
});

test('Decline on the form card tells the server the user declined', async ({ page }) => {
  await scriptModel([call('ts@details'), answer('You did not say.')]);
  await page.goto(host.url);
  const message = await askInNewConversation(page, 'Who am I?');
  const card = formCard(message);
  await card.getByLabel('Name').fill('not to be sent');
  await card.getByRole('button', { name: 'Decline' }).click();
  await expect(card).toHaveCount(0);
  await expect(await stepOutput(message, 'ts@details')).toHaveText('the user chose decline');
  await expect(message.getByTestId('chat-content')).toHaveText('You did not say.');
});

test('a reload while the form card waits brings the same card back, and the answer given there reaches the server', async ({
  page,
}) => {
  await scriptModel([call('ts@details'), answer('Hello, Grace.')]);
  await page.goto(host.url);
  const message = await askInNewConversation(page, 'Who am I?');
  const card = formCard(message);
  await expect(card).toBeVisible();
  const askId = await card.getAttribute('data-ask-id');
  expect(askId).toBeTruthy();

  await page.reload();
  const reloaded = assistantMessages(page).last();
  const cardAgain = formCard(reloaded);
  await expect(cardAgain).toHaveAttribute('data-ask-id', askId!);
  await expect(cardAgain.getByTestId('elicit-message')).toHaveText('Who are you?');
  await expect(reloaded).toHaveAttribute('data-status', 'streaming');
  await expect(reloaded.getByTestId('chat-error')).toHaveCount(0);
  await expect(reloaded.getByTestId('step-card')).toHaveCount(0);

  await cardAgain.getByLabel('Name').fill('Grace');
  await cardAgain.getByLabel('Age').fill('85');
  await cardAgain.getByLabel('Send news?').check();
  await cardAgain.getByRole('button', { name: 'Send' }).click();
  await expect(cardAgain).toHaveCount(0);
  await expect(reloaded).toHaveAttribute('data-status', 'done');
  await expect(reloaded.getByTestId('chat-content')).toHaveText('Hello, Grace.');
  await expect(await stepOutput(reloaded, 'ts@details')).toHaveText('accepted: name=Grace age=85 subscribe=true');
});

const samplingCard = (scope: Locator) => scope.getByRole('group', { name: 'ts asks your model for an answer' });

test("a server's request for the user's model asks first, naming the model and the token limit; allowed, the run's model writes what the server gets", async ({
  page,
}) => {
  const proxy = await scriptModel([
    call('ts@summarize', { text: 'Cats sleep a lot and purr.' }),
    'Cats purr.',
    answer('Summarized.'),
  ]);
  await page.goto(host.url);
  const message = await askInNewConversation(page, 'Summarize my text');
  const card = samplingCard(message);
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute('data-tool', 'ts@summarize');
  await expect(card.getByTestId('approval-sampling')).toHaveText('Model: tiny (Tiny via proxy) · at most 64 tokens');
  await expect(card).toContainText('Summarize: Cats sleep a lot and purr.');
  expect(proxy.received).toHaveLength(1);
  await page.screenshot({ path: 'test-results/e2e/mcp-sampling-card.png' });

  await card.getByRole('button', { name: 'Allow once' }).click();
  await expect(await stepOutput(message, 'ts@summarize')).toHaveText(/^model .+ said: Cats purr\.$/);
  await expect(message.getByTestId('chat-content')).toHaveText('Summarized.');
  // The server's request went to the run's model as the server wrote it, with its token limit.
  const sampled = proxy.received[1] as {
    max_tokens: number;
    messages: { role: string; content: unknown }[];
  };
  expect(sampled.max_tokens).toBe(64);
  expect(sampled.messages.find((m) => m.role === 'system')?.content).toContain('You summarize.');
  expect(sampled.messages.at(-1)?.role).toBe('user');
  expect(JSON.stringify(sampled.messages.at(-1)?.content)).toContain('Summarize: Cats sleep a lot and purr.');
});

test('refused, the server gets an error saying so, and the run goes on to its answer', async ({ page }) => {
  const proxy = await scriptModel([call('ts@summarize', { text: 'Dogs bark.' }), answer('Not summarized.')]);
  await page.goto(host.url);
  const message = await askInNewConversation(page, 'Summarize my other text');
  const card = samplingCard(message);
  await expect(card).toBeVisible();
  await card.getByLabel('Reason for a denial (optional, the model is told)').fill('not now');
  await card.getByRole('button', { name: 'Deny' }).click();
  const output = await stepOutput(message, 'ts@summarize');
  await expect(output).toContainText('sampling failed:');
  await expect(output).toContainText('the user did not let MCP server "ts" use their model: not now');
  await expect(message).toHaveAttribute('data-status', 'done');
  await expect(message.getByTestId('chat-content')).toHaveText('Not summarized.');
  // The model was asked for the call and then for the run's next turn, never for the server.
  expect(proxy.received).toHaveLength(2);
});
