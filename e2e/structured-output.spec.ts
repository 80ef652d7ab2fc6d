import { expect, test, type Page } from '@playwright/test';
import Ajv from 'ajv';
import { startHost, type RunningHost } from '@test-support/host-process';
import { assistantMessages, loadTinyModel, sendMessage, setMaxTokens } from './steps';
import { TAGGED_PERSON_SCHEMA } from '@test-support/llama/answer-schemas';

// Structured output in real Chromium, against the browser host and the real tiny llama-server: the user sets a JSON
// schema in the Parameters panel (what is wrong with it is said before anything is sent), asks, and sees the answer
// as laid-out JSON that parses and fits, with Copy; a reload keeps the schema and the answer's view. A schema the
// server cannot make a grammar of is said in one sentence.

let host: RunningHost;

test.beforeAll(async () => {
  host = await startHost();
  await setMaxTokens(host.url, 400);
});

test.afterAll(async () => {
  expect(await host.stop()).toBe(0);
});

async function useSchema(page: Page, schema: string): Promise<void> {
  await page.getByTestId('structured-mode-schema').click();
  await page.getByTestId('structured-schema').fill(schema);
  await expect(page.getByTestId('structured-apply')).toBeEnabled();
  await page.getByTestId('structured-apply').click();
  await expect(page.getByTestId('structured-status')).toHaveAttribute('data-in-use', 'true');
}

/** The JSON the answer's code block shows, parsed. */
async function shownJson(page: Page): Promise<unknown> {
  const view = assistantMessages(page).last().getByTestId('structured-answer');
  await expect(view).toHaveAttribute('data-fits', 'true');
  return JSON.parse((await view.locator('pre code').textContent()) ?? '') as unknown;
}

test('a schema set in the page: the answer is laid-out JSON that fits, copied as such, and a reload keeps both', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(host.url).origin });
  await page.goto(host.url);
  await loadTinyModel(page);
  await page.getByTestId('parameters-toggle').click();
  await page.getByTestId('structured-mode-schema').click();

  // Said inline, before any send: not JSON, then not a schema (the core's ajv).
  await page.getByTestId('structured-schema').fill('{"type": "object",');
  await expect(page.getByTestId('structured-problem')).toContainText('This is not JSON');
  await page.getByTestId('structured-schema').fill('{"type": "text"}');
  await expect(page.getByTestId('structured-problem')).toHaveText(
    'This is not a valid JSON schema: at /type, must be equal to one of the allowed values.',
  );
  await expect(page.getByTestId('structured-apply')).toBeDisabled();

  await useSchema(page, JSON.stringify(TAGGED_PERSON_SCHEMA));
  await sendMessage(page, 'Describe someone');
  const answer = assistantMessages(page).last();
  await expect(answer).toHaveAttribute('data-status', 'done');
  await expect(answer.getByTestId('structured-answer-status')).toHaveText('Fits the schema.');
  const value = await shownJson(page);
  expect(new Ajv({ strict: false }).compile(TAGGED_PERSON_SCHEMA)(value)).toBe(true);
  const shown = (await answer.locator('pre code').textContent()) ?? '';
  // Laid out: one property a line, two spaces in.
  expect(shown).toMatch(/^\{\n {2}"name": /);
  await answer.getByTestId('code-copy').click();
  await expect(answer.getByTestId('code-copy')).toHaveAttribute('data-copied', 'true');
  expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toEqual(value);

  // A reload reopens the conversation: the answer's view and the schema are as they were.
  await page.reload();
  await expect(page.getByTestId('status-state')).toHaveAttribute('data-state', 'ready');
  await expect(assistantMessages(page)).toHaveCount(1);
  expect(await shownJson(page)).toEqual(value);
  if ((await page.getByTestId('parameters-panel').count()) === 0) await page.getByTestId('parameters-toggle').click();
  await expect(page.getByTestId('structured-mode-schema')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('structured-status')).toHaveAttribute('data-in-use', 'true');
  expect(JSON.parse(await page.getByTestId('structured-schema').inputValue())).toEqual(TAGGED_PERSON_SCHEMA);

  // The next question in it is held to the schema too.
  await sendMessage(page, 'Someone else');
  await expect(assistantMessages(page)).toHaveCount(2);
  await expect(assistantMessages(page).last()).toHaveAttribute('data-status', 'done');
  expect(new Ajv({ strict: false }).compile(TAGGED_PERSON_SCHEMA)(await shownJson(page))).toBe(true);
});

test('a schema the server cannot turn into a grammar is said in one sentence', async ({ page }) => {
  await page.goto(host.url);
  await expect(page.getByTestId('status-state')).toHaveAttribute('data-state', /ready|stopped/);
  if ((await page.getByTestId('status-state').getAttribute('data-state')) !== 'ready') await loadTinyModel(page);
  // A fresh page (its own storage): a new, empty conversation.
  await expect(assistantMessages(page)).toHaveCount(0);
  if ((await page.getByTestId('parameters-panel').count()) === 0) await page.getByTestId('parameters-toggle').click();
  // Valid for ajv (an $id anchor), but llama-server follows only JSON-pointer references.
  await useSchema(page, JSON.stringify({ definitions: { a: { $id: '#foo', type: 'string' } }, $ref: '#foo' }));
  await sendMessage(page, 'Anything');
  const answer = assistantMessages(page).last();
  await expect(answer).toHaveAttribute('data-status', 'error');
  await expect(answer.getByTestId('chat-error')).toContainText(
    /^The server cannot answer in this JSON schema \(.*#foo.*\): simplify the schema, or turn structured output off in Parameters\./,
  );
});
